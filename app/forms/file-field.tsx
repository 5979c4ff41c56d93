import { FieldFrame, type FieldProps } from "./field-frame";

/**
 * A labelled file input, registered with the form like any field (its value is the FileList); by default
 * PDF or image files, whose type the server decides from the content.
 */
export function FileField({
  registration,
  multiple,
  accept = "application/pdf,image/png,image/jpeg",
  ...frame
}: FieldProps & { multiple?: boolean; accept?: string }) {
  return (
    <FieldFrame name={registration.name} {...frame}>
      {(control) => (
        <input
          {...control}
          type="file"
          multiple={multiple}
          accept={accept}
          className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
          {...registration}
        />
      )}
    </FieldFrame>
  );
}
