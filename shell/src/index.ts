// An asynchronous boundary: shared singletons are negotiated by module federation before any
// application code that imports them runs.
import('./bootstrap');
