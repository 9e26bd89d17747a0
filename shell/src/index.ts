// Async boundary: shared singletons are negotiated before any React code runs. The federation runtime has set
// itself up while this entry was evaluated; the negotiation (a version match and a script per shared library)
// starts in the next task, so that a phone does the two in two tasks instead of one long one.
setTimeout(() => void import('./bootstrap'), 0);
// The first Intl call of a page loads ICU's data (13-17 ms in this machine's Chromium, any Intl object). Made in a
// task of its own while the chunks above download, it is no longer part of Home's first render, which asks for the
// time zone (browserTimeZone) and formats kick-off times.
setTimeout(() => Intl.DateTimeFormat().resolvedOptions(), 0);
