/**
 * A webpack loader for React Router's production build: marks each module-level `var X = React.forwardRef(...)`,
 * `React.memo(...)` or `React.createContext(...)` that the next line names (`X.displayName = "X";`) as pure, with the
 * name given in the same expression (`Object.assign(React.forwardRef(...), { displayName: "X" })`, both calls
 * marked), so that a component or context the router facade does not export (NavLink, Form and what only they use:
 * useSubmit, the form helpers, the view transition hook) is left out of the shared router; such a call that is not
 * named is marked as it is. Unmarked, the call and the name's assignment are side effects that a minifier must keep,
 * with all they refer to.
 */
export default function pureCallsLoader(source: string): string {
  return source
    .replace(
      /^var (\w+) = (React\d*\.(?:forwardRef|memo|createContext)\([\s\S]*?\));\n\1\.displayName = ("[^"\n]*");$/gm,
      'var $1 = /* @__PURE__ */ Object.assign(/* @__PURE__ */ $2, { displayName: $3 });',
    )
    .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2');
}
