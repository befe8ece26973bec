/*
 The text pane of the editor page: CodeMirror 5 (Debian's libjs-codemirror, served by
 `abcpress serve` from its installed files) with an ABC mode that colours the text with
 ABCPress's own reading of it, or a plain text box when CodeMirror is not installed.

 Method. The server parses the text and sends its tokens (`/api/tokens` for the whole
 file when it opens, each render's answer for the tune under the cursor): for each line,
 [start, end, kind] in Unicode-scalar columns, kinds named by the parser's reader that took
 the stretch (note, bar, decoration, field, value, comment …). The mode looks a line's
 tokens up by its number (CodeMirror tells the mode which line it reads) and checks that
 the line's text is the one the server read; a line typed since is coloured by the tokens
 of an identical line elsewhere, or else by its old tokens moved past the typed change
 (the common start and end of the old and new text), until the next render brings its own.
 So the colours follow each key at once and are the parser's a render later.

 Example: `|:"D"d2 (3FAd|` comes back as bar `|:`, annotation `"D"`, note `d2`, tuplet
 `(3`, notes `F` `A` `d`, bar `|`: the mode returns "abc-bar", "abc-annotation", … and the
 page's CSS colours `.cm-abc-bar`, … Because a slur's `(` and `)` and a chord's `[` and `]`
 share a kind, CodeMirror's bracket matching pairs them and not a tuplet's `(3`.

 The rest is CodeMirror's own: undo by words (a space, bar line or new line typed ends an
 undo step), search and replace (Ctrl+F,
 Shift+Ctrl+F), go to line (Alt+G), bracket matching, toggling `%` comments (Ctrl+/),
 Tab indenting a selection of lines. Problems are its lint marks (wavy underlines, gutter
 markers with the message on hover); completion its hint box.

 Known limits: columns are converted from Unicode scalars to UTF-16 per line, so a line with
 characters outside the BMP costs a little more. The plain text box has no colours, marks
 or completion box; the page around it works the same.
 */
"use strict";

// Unicode-scalar column (1-based) → UTF-16 index in `line`, and back.
function scalarToIndex(line, column) {
  if (!/[\uD800-\uDFFF]/.test(line)) return Math.min(line.length, column - 1);
  let index = 0;
  for (let c = 1; c < column && index < line.length; c++) index += line.codePointAt(index) > 0xffff ? 2 : 1;
  return index;
}
function indexToScalar(line, index) {
  if (!/[\uD800-\uDFFF]/.test(line)) return index + 1;
  return Array.from(line.slice(0, index)).length + 1;
}

// The tokens the page knows: by line (0-based) the text the server read and its spans
// (UTF-16 start, end, kind), and by text for lines moved or copied since.
const Tokens = {
  byLine: [],
  byText: new Map(),
  // A block of the server's answer, read from `sent` (the text as sent).
  take(block, sentLines) {
    block.lines.forEach((flat, i) => {
      const n = block.from - 1 + i, text = sentLines[n];
      if (text === undefined) return;
      const spans = [];
      for (let k = 0; k + 2 < flat.length; k += 3) {
        spans.push([scalarToIndex(text, flat[k]), scalarToIndex(text, flat[k + 1]), flat[k + 2]]);
      }
      this.byLine[n] = { text, spans };
      if (this.byText.size > 50000) this.byText.clear();
      this.byText.set(text, spans);
    });
  },
  // Line `n`'s spans for its text now.
  spans(n, text) {
    const known = this.byLine[n];
    if (known && known.text === text) return known.spans;
    const same = this.byText.get(text);
    if (same) return same;
    if (!known) return [];
    // The old tokens moved past the change: those before it kept, those after it shifted,
    // the one it falls in stretched over it.
    const old = known.text;
    let head = 0;
    while (head < old.length && head < text.length && old[head] === text[head]) head++;
    let tail = 0;
    while (tail < old.length - head && tail < text.length - head &&
      old[old.length - 1 - tail] === text[text.length - 1 - tail]) tail++;
    const shift = text.length - old.length, oldEnd = old.length - tail;
    const moved = [];
    for (const [s, e, kind] of known.spans) {
      const start = s < head ? s : s >= oldEnd ? s + shift : head;
      const end = e <= head ? e : e >= oldEnd ? e + shift : text.length - tail;
      if (end > start) moved.push([start, end, kind]);
    }
    return moved;
  },
};

function defineABCMode(CodeMirror) {
  CodeMirror.defineMode("abcpress", () => ({
    startState: () => ({}),
    token(stream) {
      const n = stream.lineOracle ? stream.lineOracle.line : -1;
      for (const [start, end, kind] of Tokens.spans(n, stream.string)) {
        if (end <= stream.pos) continue;
        if (start > stream.pos) { stream.pos = start; return null; }
        stream.pos = end;
        return "abc-" + kind;
      }
      stream.skipToEnd();
      return null;
    },
    lineComment: "%",
  }));
}

// The pane: the same few calls whichever editor is underneath.
function makeTextPane(textarea, hooks) {
  return window.CodeMirror ? codeMirrorPane(textarea, hooks) : plainPane(textarea, hooks);
}

function codeMirrorPane(textarea, hooks) {
  const CodeMirror = window.CodeMirror;
  defineABCMode(CodeMirror);
  let annotations = [];
  const cm = CodeMirror.fromTextArea(textarea, {
    mode: "abcpress", lineNumbers: true, matchBrackets: true, styleActiveLine: true, indentUnit: 2,
    gutters: ["CodeMirror-lint-markers", "CodeMirror-linenumbers"], viewportMargin: 20,
    lint: { getAnnotations: () => annotations, lintOnChange: false, tooltips: true },
    extraKeys: {
      "Ctrl-S": () => hooks.save(), "Cmd-S": () => hooks.save(),
      "Ctrl-/": "toggleComment", "Cmd-/": "toggleComment",
      // Tab: a selection of lines is indented; otherwise the score takes the keys
      // (keyboard-only editing on the score). Shift+Tab unindents.
      "Tab": (editor) => { if (editor.somethingSelected()) editor.execCommand("indentMore"); else hooks.tab(); },
      "Shift-Tab": (editor) => { if (editor.somethingSelected()) editor.execCommand("indentLess"); else return CodeMirror.Pass; },
    },
  });
  let loading = false;
  // Undo by words: typing a space, a bar line or a new line closes the undo step, so Ctrl+Z
  // takes back the last word typed, not the whole run (CodeMirror merges a run of typing).
  cm.on("change", (editor, change) => {
    if (change.origin === "+input" && /[\s|]$/.test(change.text.join("\n"))) editor.changeGeneration(true);
  });
  cm.on("changes", (editor, changes) => {
    if (loading) return;
    hooks.edit(changes.some((c) => c.text.length > 20 || c.removed.length > 20));
  });
  cm.on("cursorActivity", () => hooks.cursor());
  const posOf = (line, column) => {
    const n = Math.max(0, Math.min(cm.lineCount() - 1, line - 1));
    return CodeMirror.Pos(n, scalarToIndex(cm.getLine(n), column));
  };
  const columnOf = (pos) => indexToScalar(cm.getLine(pos.line), pos.ch);
  let hinting = null;
  const pane = {
    kind: "codemirror",
    cm,
    value: () => cm.getValue(),
    // A new text (a file opened): its own undo history, the cursor at the top.
    load(text) {
      loading = true;
      Tokens.byLine = [];
      cm.setValue(text); cm.clearHistory(); cm.setCursor(0, 0); cm.scrollTo(0, 0);
      loading = false;
    },
    // The text replaced (taken from disk), the cursor kept where it was.
    reload(text) {
      const at = cm.getCursor();
      loading = true;
      cm.setValue(text); cm.setCursor(at);
      loading = false;
    },
    cursor() { const at = cm.getCursor(); return { line: at.line + 1, column: columnOf(at) }; },
    // The selection's ends (line, column), or nil when nothing is selected.
    selection() {
      if (!cm.somethingSelected()) return null;
      const from = cm.getCursor("from"), to = cm.getCursor("to");
      return { from: { line: from.line + 1, column: columnOf(from) }, to: { line: to.line + 1, column: columnOf(to) } };
    },
    moveTo(line, column, focus) {
      const at = posOf(line, column);
      cm.setCursor(at);
      cm.scrollIntoView(at, 80);
      if (focus !== false) cm.focus();
    },
    // Replaces columns start..<end of each edit's line (edits that do not overlap, read
    // from the same text), as one step of the undo history.
    replaceAll(edits) {
      const ordered = [...edits].sort((a, b) => b.line - a.line || b.start - a.start);
      cm.operation(() => {
        for (const e of ordered) cm.replaceRange(e.replacement, posOf(e.line, e.start), posOf(e.line, e.end), "score");
      });
    },
    selectBetween(line, column, toLine, toColumn) {
      cm.setSelection(posOf(line, column), posOf(toLine, toColumn), { scroll: false });
    },
    lineText: (line) => cm.getLine(Math.max(0, Math.min(cm.lineCount() - 1, line - 1))) || "",
    // The column after the token that starts at `column` of `line` (the parser's tokens).
    tokenEnd(line, column) {
      const text = cm.getLine(line - 1) || "", at = scalarToIndex(text, column);
      const span = Tokens.spans(line - 1, text).find(([start, end]) => start <= at && at < end);
      return indexToScalar(text, span ? span[1] : at + 1);
    },
    focus: () => cm.focus(),
    hasFocus: () => cm.hasFocus(),
    undo: () => cm.undo(),
    redo: () => cm.redo(),
    lineCount: () => cm.lineCount(),
    // The server's tokens (blocks read from `sent`): the text recoloured with them.
    setTokens(blocks, sent) {
      if (!blocks || !blocks.length) return;
      const lines = sent.split("\n");
      for (const block of blocks) Tokens.take(block, lines);
      cm.setOption("mode", "abcpress");
    },
    // Problems: wavy underlines at their columns and a marker in the gutter.
    setProblems(problems) {
      annotations = problems.filter((p) => p.line <= cm.lineCount()).map((p) => {
        const from = posOf(p.line, p.column);
        let to = p.endLine === p.line ? posOf(p.line, Math.max(p.column + 1, p.endColumn)) : CodeMirror.Pos(from.line, cm.getLine(from.line).length);
        if (to.ch <= from.ch) to = CodeMirror.Pos(from.line, from.ch + 1);
        return { from, to, message: p.message, severity: p.severity === "error" ? "error" : "warning" };
      });
      cm.performLint();
    },
    // Completion in CodeMirror's hint box, offers from `fetchOffers(prefix)`.
    complete(fetchOffers) {
      const at = cm.getCursor(), before = cm.getLine(at.line).slice(0, at.ch);
      if (cm.somethingSelected() || !/(![^!\s]*|^%%\S*|^[A-Za-z]|(^|\[)[KV]:\S*)$/.test(before)) return;
      const hint = (editor, callback) => {
        fetchOffers(before).then((offers) => {
          const typed = /[^!%:\[\s]*$/.exec(before)[0];
          callback(offers.length ? {
            list: offers.map((offer) => ({
              text: offer.insertText, displayText: offer.label,
              render(element) {
                element.textContent = offer.label;
                const detail = document.createElement("small");
                detail.textContent = offer.detail.slice(0, 60);
                element.appendChild(detail);
              },
            })),
            from: CodeMirror.Pos(at.line, at.ch - typed.length), to: at,
          } : null);
        });
      };
      hint.async = true;
      if (hinting) clearTimeout(hinting);
      hinting = setTimeout(() => cm.showHint({ hint, completeSingle: false }), 60);
    },
  };
  return pane;
}

// Without CodeMirror: the textarea itself, the browser's own undo.
function plainPane(textarea, hooks) {
  textarea.classList.add("plain");
  const lines = () => textarea.value.split("\n");
  const offsetOf = (line, column) => {
    const all = lines();
    let offset = 0;
    for (let i = 0; i < line - 1 && i < all.length; i++) offset += all[i].length + 1;
    return offset + scalarToIndex(all[Math.min(line, all.length) - 1] || "", column);
  };
  const at = (offset) => {
    const before = textarea.value.slice(0, offset);
    const line = before.split("\n").length;
    return { line, column: indexToScalar(before.slice(before.lastIndexOf("\n") + 1), before.length - before.lastIndexOf("\n") - 1) };
  };
  textarea.addEventListener("input", () => hooks.edit(false));
  document.addEventListener("selectionchange", () => { if (document.activeElement === textarea) hooks.cursor(); });
  textarea.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); hooks.save(); }
  });
  return {
    kind: "plain",
    value: () => textarea.value,
    load(text) { textarea.value = text; textarea.setSelectionRange(0, 0); textarea.scrollTop = 0; },
    reload(text) { const keep = textarea.selectionStart; textarea.value = text; textarea.setSelectionRange(keep, keep); },
    cursor: () => at(textarea.selectionStart),
    selection: () => textarea.selectionEnd > textarea.selectionStart ? { from: at(textarea.selectionStart), to: at(textarea.selectionEnd) } : null,
    moveTo(line, column, focus) {
      const offset = offsetOf(line, column);
      if (focus !== false) textarea.focus();
      textarea.setSelectionRange(offset, offset);
    },
    replaceAll(edits) {
      textarea.focus({ preventScroll: true });
      for (const e of [...edits].sort((a, b) => b.line - a.line || b.start - a.start)) {
        textarea.setSelectionRange(offsetOf(e.line, e.start), offsetOf(e.line, e.end));
        document.execCommand("insertText", false, e.replacement);  // the browser's undo
      }
    },
    selectBetween(line, column, toLine, toColumn) { textarea.setSelectionRange(offsetOf(line, column), offsetOf(toLine, toColumn)); },
    lineText: (line) => lines()[line - 1] || "",
    tokenEnd: (line, column) => column + 1,
    focus: () => textarea.focus(),
    hasFocus: () => document.activeElement === textarea,
    undo() { textarea.focus(); document.execCommand("undo"); },
    redo() { textarea.focus(); document.execCommand("redo"); },
    lineCount: () => lines().length,
    setTokens() {},
    setProblems() {},
    complete() {},
  };
}
