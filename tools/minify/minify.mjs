// The scripts companion/assets.py serves, made small by terser: a JSON object {name: source}
// on stdin, the same names with their minified code on stdout. A script terser cannot read
// comes back as null (assets.py then uses rjsmin for it). Scripts, not modules: top-level
// names are shared between files and kept; each function's own names are shortened.
import { minify } from "terser";

const OPTIONS = { ecma: 2020, compress: { passes: 2 }, mangle: true };

let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = {};
for (const [name, code] of Object.entries(JSON.parse(input))) {
  try {
    out[name] = (await minify(code, OPTIONS)).code;
  } catch (err) {
    process.stderr.write(`${name}: ${err.message}\n`);
    out[name] = null;
  }
}
process.stdout.write(JSON.stringify(out));
