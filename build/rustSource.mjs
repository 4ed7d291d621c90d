/**
 * Rust source read as far as the build's checks need it: its comments, its string and character
 * literals, and the code between them. The timing-comment check reads the comments
 * (checkTimingComments.mjs), the import check the code (checkImports.mjs: the engine's module
 * graph), so that a `//` inside a string is no comment and a `crate::x` inside a comment or a
 * string no import.
 */

/**
 * The pieces of Rust source `text`, in order and covering it whole: `{ kind, start, end, line }`,
 * `kind` one of 'code', 'line comment', 'block comment' (nested ones included) and 'literal' (a
 * string, raw string or character literal), `start`/`end` offsets, `line` the 1-based line of its
 * start. A lifetime ('a) is code.
 */
export function rustPieces(text) {
  const pieces = [];
  let line = 1;
  let i = 0;
  let codeStart = 0;
  let codeLine = 1;
  const push = (kind, end) => {
    if (codeStart < i) pieces.push({ kind: 'code', start: codeStart, end: i, line: codeLine });
    pieces.push({ kind, start: i, end, line });
    line += text.slice(i, end).split('\n').length - 1;
    i = end;
    codeStart = end;
    codeLine = line;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      push('line comment', end === -1 ? text.length : end);
    } else if (text.startsWith('/*', i)) {
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text.startsWith('/*', j)) (depth++, (j += 2));
        else if (text.startsWith('*/', j)) (depth--, (j += 2));
        else j++;
      }
      push('block comment', j);
    } else if (/r#*"/y.test(text.slice(i, i + 20)) && !/\w/.test(text[i - 1] ?? '')) {
      const hashes = /^r(#*)"/.exec(text.slice(i))[1];
      const close = '"' + hashes;
      const end = text.indexOf(close, i + hashes.length + 2);
      push('literal', end === -1 ? text.length : end + close.length);
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      push('literal', Math.min(j + 1, text.length));
    } else if (c === "'") {
      // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a), which has no closing quote.
      const literal = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.exec(text.slice(i, i + 16));
      if (literal) push('literal', i + literal[0].length);
      else i++;
    } else i++;
  }
  if (codeStart < text.length) pieces.push({ kind: 'code', start: codeStart, end: text.length, line: codeLine });
  return pieces;
}

/** `text` with every comment and literal blanked (new lines kept), so offsets and lines stay where they were. */
export function rustCode(text) {
  return rustPieces(text)
    .map((p) => (p.kind === 'code' ? text.slice(p.start, p.end) : text.slice(p.start, p.end).replace(/[^\n]/g, ' ')))
    .join('');
}
