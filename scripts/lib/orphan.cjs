/**
 * Plain CommonJS, for scripts/start.cjs (which runs before anything is compiled).
 *
 * npm start's processes are npm, the shell npm runs the script in, and this launcher. Ctrl-C and a signal to the
 * group reach the launcher; but when npm alone is ended (`kill <npm's pid>`, a terminal's tab closed on some
 * systems), the shell goes with it and the launcher, adopted by init, would go on running the whole stack on its
 * ports. `stopWhenOrphaned` calls `stop` once, within about `everyMs`, when this process's parent changes.
 */
'use strict';

/** @param {() => void} stop @param {number} [everyMs] */
function stopWhenOrphaned(stop, everyMs = 1000) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, everyMs);
  // it never keeps the process alive by itself
  watch.unref();
}

module.exports = { stopWhenOrphaned };
