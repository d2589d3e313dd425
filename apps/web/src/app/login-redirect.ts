/**
 * The API client's 401 handler sends the user to /login through the router. A 401 can come before
 * the router has mounted (an early read answered by the dashboard's HTML), so the request waits
 * for it then.
 */
export function createLoginRedirect(currentPath: () => string) {
  let navigate: (() => void) | null = null;
  let pending = false;
  return {
    /** The router mounted: `go` navigates to /login. Returns the detach function. */
    attach(go: () => void): () => void {
      navigate = go;
      if (pending) {
        pending = false;
        go();
      }
      return () => {
        if (navigate === go) navigate = null;
      };
    },
    /** Go to /login now, or as soon as the router has mounted (nothing when already there). */
    request(): void {
      if (currentPath() === '/login') return;
      if (navigate) navigate();
      else pending = true;
    },
  };
}
