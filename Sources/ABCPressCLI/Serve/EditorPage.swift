/// The editor page of `abcpress serve`: plain HTML, CSS and JavaScript served from the
/// binary (no build step, nothing fetched from elsewhere).
///
/// Left, the ABC text in a textarea laid over a coloured copy of itself (fields, notes,
/// bars, decorations, chord symbols, comments), with line numbers and the browser's own
/// undo; below it the problems, each a link to its place. Right, the tune under the cursor
/// engraved as SVG, re-engraved 300 ms after typing stops. Clicking a drawn symbol puts
/// the cursor at its source; moving the cursor outlines the symbols it is on.
enum EditorPage {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>ABCPress editor</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
    :root { --line: 20px; --font: 14px/20px ui-monospace, "DejaVu Sans Mono", monospace; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px system-ui, sans-serif; display: flex; flex-direction: column; height: 100vh; }
    header { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; padding: 6px 12px; background: #23313f; color: #fff; }
    header label, header button { white-space: nowrap; }
    header select, header button { font: inherit; }
    #status { margin-left: auto; opacity: 0.8; }
    main { flex: 1; display: flex; min-height: 0; }
    #left { flex: 1; display: flex; flex-direction: column; min-width: 0; border-right: 1px solid #ccc; }
    #editor { flex: 1; display: flex; overflow: auto; position: relative; font: var(--font); }
    #gutter { padding: 4px 8px 4px 4px; text-align: right; color: #999; background: #f6f6f6; user-select: none; min-width: 3.5em; }
    #gutter div.error { background: #f8d0d0; color: #a00; }
    #gutter div.warning { background: #fbecc0; color: #860; }
    #code { position: relative; flex: 1; }
    #code pre, #code textarea { margin: 0; padding: 4px; border: 0; font: var(--font); white-space: pre; tab-size: 4;
      position: absolute; inset: 0; overflow: hidden; }
    #code textarea { color: transparent; background: transparent; caret-color: #000; resize: none; outline: none; }
    #code pre { color: #222; pointer-events: none; }
    #code #marks { color: transparent; }
    .f { color: #005cc5; } .fv { color: #6f42c1; } .c { color: #6a737d; font-style: italic; } .d { color: #d73a49; }
    .g { color: #22863a; } .b { color: #b31d28; font-weight: bold; } .n { color: #111; } .x { color: #e36209; }
    .err { text-decoration: underline wavy #d00; } .warn { text-decoration: underline wavy #c90; }
    #problems { max-height: 30%; overflow: auto; margin: 0; padding: 4px 8px; border-top: 1px solid #ccc; list-style: none; font-size: 13px; }
    #problems li { cursor: pointer; padding: 1px 0; } #problems li.error { color: #a00; } #problems li.warning { color: #860; }
    #score { flex: 1; overflow: auto; background: #e8e8e8; padding: 12px; }
    #score .page { position: relative; margin: 0 auto 12px; background: #fff; box-shadow: 0 1px 4px #0003; }
    #score .page svg { display: block; width: 100%; height: auto; }
    #complete { position: absolute; z-index: 5; margin: 0; padding: 2px 0; list-style: none; background: #fff;
      border: 1px solid #999; box-shadow: 0 2px 6px #0003; max-height: 220px; overflow: auto; font: 13px system-ui, sans-serif; }
    #complete li { padding: 1px 8px; white-space: nowrap; cursor: pointer; }
    #complete li.on { background: #1a73e8; color: #fff; }
    #complete li small { opacity: 0.7; margin-left: 8px; }
    #score .playing { position: absolute; background: #e3620955; border-radius: 50%; pointer-events: none; }
    #score .mark { position: absolute; border: 2px solid #1a73e8; border-radius: 3px; pointer-events: none; background: #1a73e81a; }
    </style>
    </head>
    <body>
    <header>
      <strong>ABCPress</strong>
      <select id="file" title="File"></select>
      <label>Theme <select id="theme"><option>classic</option><option>sepia</option><option>dark</option>
        <option>high-contrast</option><option>ink-saver</option><option>manuscript</option></select></label>
      <label>Template <select id="template"><option>plain</option><option>a4-book</option><option>letter-book</option>
        <option>a5-pocket</option><option>card</option></select></label>
      <select id="pagesize" title="Paper"><option value="">paper</option><option>a4</option>
        <option>letter</option><option>a5</option></select>
      <button id="down" title="Transpose down a semitone">♭</button><span id="transposition">0</span>
      <button id="up" title="Transpose up a semitone">♯</button>
      <button id="play" title="Play the tune (a selection: loop it)">▶ Play</button><button id="stop">■</button>
      <label title="Tempo">Tempo <input id="tempo" type="range" min="50" max="150" value="100" style="width:80px"></label>
      <select id="format" title="Download as"><option>pdf</option><option>png</option><option>svg</option>
        <option>midi</option><option>musicxml</option><option value="wav">wav (as played)</option></select>
      <select id="scope"><option value="tune">tune</option><option value="file">file</option></select>
      <button id="download">Download</button>
      <button id="save">Save</button>
      <span id="status">loading…</span>
    </header>
    <main>
      <section id="left">
        <div id="editor"><div id="gutter"></div><div id="code"><pre id="colours" aria-hidden="true"></pre><pre id="marks" aria-hidden="true"></pre>
          <textarea id="text" spellcheck="false" autocomplete="off" aria-label="ABC text"></textarea></div></div>
        <ul id="problems"></ul>
      </section>
      <section id="score" aria-label="Engraved tune"></section>
    </main>
    <script>\#(soundScript)</script>
    <script>
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    const client = Math.random().toString(36).slice(2);
    const $ = (id) => document.getElementById(id);
    const text = $("text"), colours = $("colours"), marks = $("marks"), gutter = $("gutter"), score = $("score");
    let file = null, items = [], sizes = [], problems = [], timer = null, transpose = 0, dirty = false, modified = 0;

    async function api(path, body) {
      const options = { headers: { "X-ABCPress-Token": token } };
      if (body !== undefined) { options.method = "POST"; options.body = JSON.stringify(body); }
      const answer = await fetch(path, options);
      if (!answer.ok) throw new Error(await answer.text());
      return answer.json();
    }
    const name = () => "name=" + encodeURIComponent(file);

    // Lines and columns: columns count Unicode scalars, as ABCPress does.
    function lineOfOffset(value, offset) { return value.slice(0, offset).split("\n").length; }
    function offsetOf(line, column) {
      const lines = text.value.split("\n");
      let offset = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
      const here = Array.from(lines[line - 1] || "").slice(0, column - 1).join("");
      return offset + here.length;
    }
    function cursor() {
      const before = text.value.slice(0, text.selectionStart);
      const line = before.split("\n").length;
      const column = Array.from(before.slice(before.lastIndexOf("\n") + 1)).length + 1;
      return { line, column };
    }

    // Colouring, line by line.
    const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    function colourLine(line) {
      if (/^%%/.test(line)) return '<span class="x">' + escape(line) + "</span>";
      if (/^%/.test(line)) return '<span class="c">' + escape(line) + "</span>";
      let m = /^([A-Za-z+]:)(.*)$/.exec(line);
      if (m) {
        const rest = m[2].replace(/%.*$/, (c) => "\u0000" + c);
        const [value, comment] = rest.split("\u0000");
        return '<span class="f">' + escape(m[1]) + '</span><span class="fv">' + escape(value) + "</span>" +
          (comment ? '<span class="c">' + escape(comment) + "</span>" : "");
      }
      let out = "", i = 0;
      const token = /("[^"]*"?)|(![^!\s]*!?|\+[^+\s]*\+)|(\[[A-Za-z]:[^\]]*\]?)|(%.*$)|([|:\[\]]*\|[|:\]]*[0-9]*|::|\[[0-9])|([_=^]*[A-Ga-gzxZX][,']*[0-9\/]*)/g;
      let match;
      while ((match = token.exec(line)) !== null) {
        out += escape(line.slice(i, match.index));
        const kind = match[1] ? "g" : match[2] ? "d" : match[3] ? "f" : match[4] ? "c" : match[5] ? "b" : "n";
        out += '<span class="' + kind + '">' + escape(match[0]) + "</span>";
        i = match.index + match[0].length;
        if (match[0].length === 0) token.lastIndex++;
      }
      return out + escape(line.slice(i));
    }
    // Only the lines in view (and a margin) are coloured: a file of any length paints as fast.
    const editorBox = $("editor");
    function paint() {
      const lines = text.value.split("\n");
      const marked = new Map();
      for (const p of problems) if (!marked.has(p.line) || p.severity === "error") marked.set(p.line, p.severity);
      const first = Math.max(0, Math.floor(editorBox.scrollTop / 20) - 30);
      const last = Math.min(lines.length, first + Math.ceil(editorBox.clientHeight / 20) + 60);
      colours.style.paddingTop = gutter.style.paddingTop = (4 + first * 20) + "px";
      colours.innerHTML = lines.slice(first, last).map((line) => colourLine(line) || " ").join("\n") + "\n";
      // Problems underlined at their columns, on a layer of their own (text transparent).
      const ranges = new Map();
      for (const p of problems) {
        if (p.line <= first || p.line > last) continue;
        if (!ranges.has(p.line)) ranges.set(p.line, []);
        ranges.get(p.line).push(p);
      }
      marks.style.paddingTop = colours.style.paddingTop;
      marks.innerHTML = lines.slice(first, last).map((line, i) => {
        const found = ranges.get(first + i + 1);
        if (!found) return "";
        const chars = Array.from(line);
        let out = "", at = 0;
        for (const p of found.sort((a, b) => a.column - b.column)) {
          const start = Math.max(at, p.column - 1);
          const end = p.endLine === p.line ? Math.max(start + 1, p.endColumn - 1) : chars.length;
          out += escape(chars.slice(at, start).join("")) + '<span class="' + (p.severity === "error" ? "err" : "warn") +
            '" data-line="' + p.line + '" data-column="' + p.column + '">' + (escape(chars.slice(start, end).join("")) || " ") + "</span>";
          at = Math.max(at, end);
        }
        return out + escape(chars.slice(at).join(""));
      }).join("\n") + "\n";
      gutter.innerHTML = lines.slice(first, last).map((_, i) => {
        const s = marked.get(first + i + 1);
        return '<div class="' + (s || "") + '" data-line="' + (first + i + 1) + '">' + (first + i + 1) + "</div>";
      }).join("");
      const height = Math.max(lines.length * 20 + 40, editorBox.clientHeight);
      text.style.height = colours.style.height = marks.style.height = gutter.style.height = height + "px";
      text.parentElement.style.height = height + "px";
      let widest = 40;
      for (const line of lines) if (line.length > widest) widest = line.length;
      text.style.width = colours.style.width = marks.style.width = widest * 8.5 + 40 + "px";
    }
    editorBox.addEventListener("scroll", () => requestAnimationFrame(paint));
    function listProblems() {
      const list = $("problems");
      list.innerHTML = "";
      for (const p of problems.slice(0, 500)) {
        const item = document.createElement("li");
        item.className = p.severity;
        item.textContent = p.line + ":" + p.column + " " + p.severity + ": " + p.message;
        item.dataset.line = p.line; item.dataset.column = p.column;
        item.onclick = () => { moveTo(p.line, p.column); };
        list.appendChild(item);
      }
      if (problems.length > 500) {
        const more = document.createElement("li");
        more.textContent = "… and " + (problems.length - 500) + " more";
        list.appendChild(more);
      }
    }
    function moveTo(line, column) {
      const offset = offsetOf(line, column);
      text.focus();
      text.setSelectionRange(offset, offset);
      text.scrollTop = 0;
      const editor = $("editor");
      editor.scrollTop = Math.max(0, (line - 5) * 20);
      mark();
    }

    // Engraving.
    function schedule() { clearTimeout(timer); timer = setTimeout(render, 300); }
    async function render() {
      const here = cursor();
      const body = { text: text.value, line: here.line, client, transpose,
        theme: $("theme").value, template: $("template").value, pageSize: $("pagesize").value };
      let answer;
      try { answer = await api("/api/render?" + name(), body); }
      catch (error) { $("status").textContent = "not engraved: " + error.message; return; }
      if (answer.superseded) return;
      problems = answer.diagnostics || [];
      items = answer.items || []; sizes = answer.sizes || [];
      score.innerHTML = "";
      (answer.svg || []).forEach((svg, index) => {
        const page = document.createElement("div");
        page.className = "page"; page.dataset.page = index;
        const [w, h] = sizes[index] || [595, 842];
        page.style.width = Math.min(w * 1.4, score.clientWidth - 40) + "px";
        page.innerHTML = svg;
        const drawn = page.querySelector("svg");
        if (drawn) { drawn.setAttribute("viewBox", "0 0 " + w + " " + h); drawn.removeAttribute("width"); drawn.removeAttribute("height"); }
        page.onclick = (event) => clickScore(event, index, page, w);
        score.appendChild(page);
      });
      score.dataset.renders = String(Number(score.dataset.renders || 0) + 1);
      paint(); listProblems(); mark();
      const errors = problems.filter((p) => p.severity === "error").length;
      $("status").textContent = (dirty ? "edited · " : "") + (errors ? errors + " error" + (errors > 1 ? "s" : "") : "no errors");
    }
    function clickScore(event, index, page, width) {
      const box = page.getBoundingClientRect();
      const scale = width / box.width;
      const x = (event.clientX - box.left) * scale, y = (event.clientY - box.top) * scale;
      let best = null;
      for (const it of items) {
        if (it[0] !== index) continue;
        const [, ix, iy, iw, ih] = it;
        const dx = Math.max(ix - x, 0, x - ix - iw), dy = Math.max(iy - y, 0, y - iy - ih);
        const distance = Math.hypot(dx, dy) + (iw * ih) / 10000;
        if (distance < 6 && (!best || distance < best.distance)) best = { distance, it };
      }
      if (best) moveTo(best.it[5], best.it[6]);
    }
    function mark() {
      for (const old of score.querySelectorAll(".mark")) old.remove();
      const here = cursor();
      const on = items.filter((it) => it[5] === here.line && it[6] <= here.column);
      if (!on.length) return;
      const column = Math.max(...on.map((it) => it[6]));
      for (const it of on.filter((it) => it[6] === column)) overlay("mark", it);
    }
    // A box over drawn item `it` (see /api/render's items), with its source position.
    function overlay(kind, it) {
      const page = score.querySelector('.page[data-page="' + it[0] + '"]');
      if (!page) return;
      const scale = page.getBoundingClientRect().width / (sizes[it[0]] || [595])[0];
      const box = document.createElement("div");
      box.className = kind;
      box.style.left = (it[1] * scale - 3) + "px"; box.style.top = (it[2] * scale - 3) + "px";
      box.style.width = (it[3] * scale + 6) + "px"; box.style.height = (it[4] * scale + 6) + "px";
      box.dataset.line = it[5]; box.dataset.column = it[6];
      page.appendChild(box);
    }

    // Playing: the notes ABCPress performs (repeats unfolded, tempo, accompaniment) as
    // WebAudio on each voice's instrument (Sound); the sounding notes are lit in the score by the wall clock.
    let audio = null, playing = null;
    function stop() {
      if (audio) { audio.close(); audio = null; }
      if (playing) { cancelAnimationFrame(playing.frame); playing = null; }
      for (const old of score.querySelectorAll(".playing")) old.remove();
      score.dataset.playing = "";
    }
    async function play() {
      stop();
      const here = cursor();
      const answer = await api("/api/play?" + name(), { text: text.value, line: here.line, transpose });
      let notes = answer.notes, length = answer.duration;
      // A selection loops the notes written inside it.
      if (text.selectionEnd > text.selectionStart) {
        const first = lineOfOffset(text.value, text.selectionStart), last = lineOfOffset(text.value, text.selectionEnd);
        const from = offsetColumn(text.selectionStart), to = offsetColumn(text.selectionEnd);
        const inside = (n) => n[4] && (n[4] > first || (n[4] === first && n[5] >= from)) && (n[4] < last || (n[4] === last && n[5] < to));
        const chosen = notes.filter(inside);
        if (chosen.length) {
          const start = chosen[0][0];
          length = Math.max(...chosen.map((n) => n[0] + n[1])) - start;
          notes = chosen.map((n) => [n[0] - start, ...n.slice(1)]);
        }
      }
      const speed = Number($("tempo").value) / 100;
      audio = new (window.AudioContext || window.webkitAudioContext)();
      const begin = audio.currentTime + 0.1, loop = text.selectionEnd > text.selectionStart;
      const out = Sound.output(audio);
      const schedule = (offset) => {
        for (const n of notes) Sound.note(audio, out, begin + (offset + n[0]) / speed, n[1] / speed, n[2], n[3], n[6]);
      };
      schedule(0);
      const started = performance.now() + 100;
      let rounds = 1;
      playing = { frame: 0 };
      const tick = () => {
        if (!playing) return;
        let now = (performance.now() - started) / 1000 * speed;
        if (now > length) {
          if (!loop) { stop(); return; }
          if (now > length * rounds) { schedule(length * rounds); rounds++; }
          now = now % length;
        }
        for (const old of score.querySelectorAll(".playing")) old.remove();
        for (const n of notes) {
          if (n[4] === 0 || now < n[0] || now >= n[0] + n[1]) continue;
          // Heads, not stems: items at least 3 points wide.
          for (const it of items) if (it[5] === n[4] && it[6] === n[5] && it[3] >= 3) overlay("playing", it);
        }
        score.dataset.playing = String(now);
        playing.frame = requestAnimationFrame(tick);
      };
      tick();
    }
    function offsetColumn(offset) {
      const before = text.value.slice(0, offset);
      return Array.from(before.slice(before.lastIndexOf("\n") + 1)).length + 1;
    }
    async function download() {
      const here = cursor();
      const format = $("format").value;
      if (format === "wav") {  // the tune under the cursor as the player sounds it
        const answer = await api("/api/play?" + name(), { text: text.value, line: here.line, transpose });
        const sound = Sound.wav(await Sound.render(answer.notes, answer.duration));
        const link = document.createElement("a");
        link.href = URL.createObjectURL(sound);
        link.download = file.replace(/\.abc$/, "") + "-" + (answer.reference || 1) + ".wav";
        document.body.appendChild(link); link.click(); link.remove();
        return;
      }
      const answer = await fetch("/api/export?" + name() + "&format=" + format, {
        method: "POST", headers: { "X-ABCPress-Token": token },
        body: JSON.stringify({ text: text.value, line: here.line, transpose, scope: $("scope").value,
          theme: $("theme").value, template: $("template").value, pageSize: $("pagesize").value }) });
      if (!answer.ok) { $("status").textContent = "not made: " + await answer.text(); return; }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await answer.blob());
      const match = /filename="([^"]+)"/.exec(answer.headers.get("Content-Disposition") || "");
      link.download = match ? match[1] : "tune." + format;
      document.body.appendChild(link); link.click(); link.remove();
    }

    // Completion: decorations after "!", fields, %% directives, keys after K:, voices after V:.
    const menu = document.createElement("ul");
    menu.id = "complete"; menu.hidden = true;
    let offers = [], chosen = 0, completeTimer = null;
    function closeMenu() { menu.hidden = true; offers = []; }
    async function complete() {
      const before = text.value.slice(0, text.selectionStart);
      const prefix = before.slice(before.lastIndexOf("\n") + 1);
      if (text.selectionEnd !== text.selectionStart || !/(![^!\s]*|^%%\S*|^[A-Za-z]|(^|\[)[KV]:\S*)$/.test(prefix)) { closeMenu(); return; }
      const voices = [...new Set([...text.value.matchAll(/(?:^|\[)V:\s*([^\s\]]+)/gm)].map((m) => m[1]))];
      const answer = await api("/api/complete", { prefix, voices });
      offers = answer.items.slice(0, 50);
      if (!offers.length) { closeMenu(); return; }
      chosen = 0;
      const line = before.split("\n").length, column = Array.from(prefix).length;
      menu.style.top = (line * 20 + 6) + "px"; menu.style.left = Math.max(4, column * 8.4) + "px";
      showMenu();
      menu.hidden = false;
    }
    function showMenu() {
      menu.innerHTML = "";
      offers.forEach((offer, index) => {
        const item = document.createElement("li");
        item.className = index === chosen ? "on" : "";
        item.textContent = offer.label;
        const detail = document.createElement("small"); detail.textContent = offer.detail.slice(0, 60);
        item.appendChild(detail);
        item.onmousedown = (event) => { event.preventDefault(); chosen = index; accept(); };
        menu.appendChild(item);
      });
    }
    function accept() {
      const offer = offers[chosen];
      if (!offer) return;
      const at = text.selectionStart;
      const typed = /[^!%:\[\s]*$/.exec(text.value.slice(0, at))[0];
      text.setSelectionRange(at - typed.length, at);
      document.execCommand("insertText", false, offer.insertText);  // keeps the browser's undo
      closeMenu();
    }
    text.addEventListener("keydown", (event) => {
      if (menu.hidden) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        chosen = (chosen + (event.key === "ArrowDown" ? 1 : offers.length - 1)) % offers.length;
        showMenu(); event.preventDefault();
      } else if (event.key === "Enter" || event.key === "Tab") { accept(); event.preventDefault(); }
      else if (event.key === "Escape") { closeMenu(); event.preventDefault(); }
    });
    text.addEventListener("input", () => { clearTimeout(completeTimer); completeTimer = setTimeout(complete, 80); });
    text.addEventListener("blur", () => setTimeout(closeMenu, 150));

    // Files. Each file's unsaved text is kept while another is open (`edits`), so
    // choosing another file in the menu never drops an edit.
    const edits = {};
    function markEdited() {
      for (const option of $("file").options) option.textContent = option.value + (edits[option.value] || (option.value === file && dirty) ? " •" : "");
    }
    async function load(chosen) {
      if (file && dirty) edits[file] = { text: text.value, modified: modified };
      const kept = edits[chosen];
      if (kept) {
        file = chosen; modified = kept.modified; text.value = kept.text; dirty = true;
        delete edits[chosen];
      } else {
        let answer;
        try { answer = await api("/api/document?name=" + encodeURIComponent(chosen)); }
        catch (error) {
          // Not opened (not text, too large, gone): say why, and stay on the file open now.
          $("status").textContent = error.message;
          $("file").value = file || "";
          return;
        }
        file = answer.name; modified = answer.modified;
        text.value = answer.text; dirty = false;
      }
      $("file").value = file;
      markEdited(); paint(); render();
    }
    async function save(asUTF8) {
      const body = { text: text.value };
      if (asUTF8) body.encoding = "utf-8";
      const answer = await fetch("/api/save?" + name(), { method: "POST", headers: { "X-ABCPress-Token": token }, body: JSON.stringify(body) });
      const reply = await answer.json().catch(() => ({ error: "the server did not answer" }));
      if (answer.status === 409 && reply.unencodable && !asUTF8) {
        if (confirm("Not saved: " + reply.error + ".\nSave the file as UTF-8 instead?")) return save(true);
        $("status").textContent = "not saved: " + reply.error; return;
      }
      if (!answer.ok) { $("status").textContent = reply.error || "not saved"; return; }
      modified = reply.modified; dirty = false; markEdited();
      $("status").textContent = "saved";
    }
    async function checkDisk() {
      if (!file) return;
      try {
        // The file's date first: its text is fetched only when it changed.
        const stamp = await api("/api/modified?" + name());
        if (!(stamp.modified > modified + 0.001)) return;
        const answer = await api("/api/document?" + name());
        if (answer.modified > modified + 0.001 && answer.text !== text.value) {
          if (!dirty || confirm(file + " changed on disk. Reload it?")) { text.value = answer.text; dirty = false; paint(); render(); }
          modified = answer.modified;
        }
      } catch (error) { /* the server may be gone for a moment */ }
    }

    $("code").appendChild(menu);
    text.addEventListener("input", () => { if (!dirty) { dirty = true; markEdited(); } paint(); schedule(); });
    text.addEventListener("keyup", mark);
    text.addEventListener("click", () => { mark(); });
    document.addEventListener("selectionchange", () => { if (document.activeElement === text) mark(); });
    text.addEventListener("keydown", (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
    });
    $("save").onclick = save;
    $("play").onclick = play;
    $("stop").onclick = stop;
    $("download").onclick = download;
    $("theme").onchange = $("template").onchange = $("pagesize").onchange = render;
    $("up").onclick = () => { transpose++; $("transposition").textContent = transpose; render(); };
    $("down").onclick = () => { transpose--; $("transposition").textContent = transpose; render(); };
    $("file").onchange = () => load($("file").value);
    window.addEventListener("beforeunload", (event) => { if (dirty || Object.keys(edits).length) { event.preventDefault(); event.returnValue = ""; } });
    (async () => {
      try {
        const list = await api("/api/files");
        for (const f of list.files) { const o = document.createElement("option"); o.value = f; o.textContent = f; $("file").appendChild(o); }
        if (list.files.length) await load(list.files[0]);
        setInterval(checkDisk, 2000);
      } catch (error) { $("status").textContent = error.message; }
    })();
    </script>
    </body>
    </html>
    """#
}
