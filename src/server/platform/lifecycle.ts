/** Where this process is in its life: once draining (SIGTERM), readiness says no so a balancer
 * stops sending new work, while requests already in flight finish. */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
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
