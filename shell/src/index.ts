// The shell provides every shared module its start-up needs eagerly, from this very script
// (decision 009), so the start-up runs here at once: the asynchronous boundary a federated entry
// usually opens would only add a round trip before the remote's entry is asked for.
import './bootstrap';
