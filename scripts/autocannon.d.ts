// The part of autocannon 9's programmatic API that scripts/bench.ts uses (the package ships no types).
declare module "autocannon" {
  /** One connection: its requests can be given their own headers and body. */
  export interface Client {
    setHeadersAndBody(headers: Record<string, string>, body: string): void;
    /** each answer's status line and headers (a flat list: name, value, name, value, …) */
    on(event: "headers", listener: (info: { statusCode: number; headers: string[] }) => void): void;
  }
  export interface Options {
    url: string;
    method?: "GET" | "POST" | "PUT" | "DELETE" | "HEAD" | "PATCH";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** called once for each connection as it opens */
    setupClient?: (client: Client) => void;
    duration?: number;
    timeout?: number;
    warmup?: { duration?: number; connections?: number };
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    duration: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  }
  export interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
