// Async boundary: shared singletons are negotiated before any React code runs. The federation runtime has set
// itself up while this entry was evaluated; the negotiation (a version match and a script per shared library)
// starts in the next task, so that a phone does the two in two tasks instead of one long one.
setTimeout(() => void import('./bootstrap'), 0);
