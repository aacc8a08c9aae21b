/**
 * Whether this process wants new requests (issue 31): true from the start, false for good once
 * it is told to stop, while the load balancer notices (`/api/health/ready`) and the requests in
 * flight end.
 */
export type Readiness = {
  readonly draining: boolean;
  drain(): void;
};

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
