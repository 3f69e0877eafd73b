/** The part of autocannon's API the benchmarks use (it ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Requests per second across all connections: a fixed rate instead of a closed loop. */
      overallRate?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Result {
      /** Completed requests: per second on average, and in all. */
      requests: { average: number; total: number };
      /** Seconds the run took. */
      duration: number;
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
