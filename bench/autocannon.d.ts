// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: { setupRequest?: (req: Req) => Req }[];
  };
  type Histogram = { average: number; p50: number; p99: number; max: number };
  type Result = { requests: Histogram & { total: number }; latency: Histogram; errors: number; timeouts: number; non2xx: number };
  export default function autocannon(opts: Options): Promise<Result>;
}
