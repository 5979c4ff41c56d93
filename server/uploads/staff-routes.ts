import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { staffFileEndpoint } from "../../app/schemas/staff";
import { fromContract } from "../contract";
import { CHECK_IN_PURPOSE } from "../booking/check-ins";
import { uploads } from "../db/schema";
import { HttpError } from "../errors";
import { storedFileName, uploadBytes } from "./uploads";

/** The staff face of uploads: a request's document or an activity's evidence, for the one who decides. */
export default async function staffUploadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // always a download (never shown inline on the site's origin), with the type sniffed from its bytes when
  // it was stored
  r.route({
    ...fromContract(staffFileEndpoint),
    async handler(request, reply) {
      const [file] = await app.db.select().from(uploads).where(eq(uploads.id, request.params.id));
      // check-in photos are the candidate's and the proctors' only: served by /staff/check-ins/:id/files
      if (!file || file.purpose === CHECK_IN_PURPOSE)
        throw new HttpError(404, "not_found", "There is no file with this id.");
      return (
        reply
          .header("content-type", file.contentType)
          // our name for it (its checked type's extension), never the name the client gave
          .header(
            "content-disposition",
            `attachment; filename="${storedFileName(file.purpose, file.id, file.contentType)}"`,
          )
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .header("content-length", String(file.size))
          .send(Readable.from(uploadBytes(app.db, file)))
      );
    },
  });
}
