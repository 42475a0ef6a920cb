// The shell provides every shared module its start-up needs eagerly, from this very script
// (decision 009), so the start-up runs here without a round trip: the asynchronous boundary a
// federated entry usually opens would only delay the remote's entry.
//
// It runs in a task of its own, though, after the one in which the browser finishes compiling
// this script. Together they were the longest task of a signed-in load on a phone; apart, the
// compile's task is short, and the page can answer a tap between the two
// (docs/performance.md, "Behind the code"). `eager`: the modules stay in this script; only their
// evaluation moves.
setTimeout(() => void import(/* webpackMode: "eager" */ './bootstrap'), 0);
