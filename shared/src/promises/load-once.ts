/**
 * Wraps the loading of a chunk: the first call fetches it and later ones share that answer, but a
 * failure is forgotten, so the next call fetches again, as it should after a moment without
 * network.
 */
export function loadOnceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}
