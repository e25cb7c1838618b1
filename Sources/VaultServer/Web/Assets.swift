import Hummingbird
import VaultCore

/// The web view's stylesheet and script, inside the binary (nothing is fetched from another
/// host, so it works offline, and `make install` copies one file). The pages work without the
/// script; with it, buttons change a note without leaving the page, the page follows changes on
/// disk (Server-Sent Events from `/live`), and the calendar takes ← → and t.
enum Assets {
  static func response(_ text: String, type: String, _ request: Request) -> Response {
    response(Array(text.utf8), type: type + "; charset=utf-8", request)
  }

  /// A file of the binary with its ETag; 304 when the browser has it.
  static func response(_ bytes: [UInt8], type: String, _ request: Request) -> Response {
    var hash = StableHash.FNV1a()
    hash.add(bytes)
    let etag = "\"" + String(hash.value, radix: 16) + "\""
    var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
    if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: headers) }
    headers[.contentType] = type
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  static let javascript = #"""
    "use strict";
    // Progressive enhancement only: every form and link works without this script.
    (function () {
      const live = document.getElementById("live");
      function say(text) { if (live) live.textContent = text; }

      // What someone is typing is never replaced: while a field of the page has unsent text, or
      // the focus, a change on disk waits, and the page says so.
      let pending = false;
      function busy() {
        const active = document.activeElement;
        const typing = active && active.closest && active.closest("#main form") &&
          ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
        return typing || document.querySelector("#main form[data-dirty]") !== null;
      }
      document.addEventListener("input", (event) => {
        const form = event.target.closest && event.target.closest("form");
        if (form && form.method.toLowerCase() === "post") form.dataset.dirty = "1";
      });
      document.addEventListener("focusout", () => {
        setTimeout(() => { if (pending && !busy()) { pending = false; refresh(); } }, 0);
      });
      function changed() {
        if (busy()) {
          pending = true;
          say("The vault changed; this page follows when you leave the form.");
        } else {
          refresh();
        }
      }

      // Fetches the page again and puts its <main> in place, keeping the focus where it was.
      async function refresh() {
        const focused = document.activeElement && document.activeElement.id;
        const response = await fetch(location.href, { headers: { "Accept": "text/html" }, cache: "no-store" });
        if (!response.ok) return;
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const next = page.getElementById("main");
        const main = document.getElementById("main");
        if (!next || !main) return;
        main.replaceChildren(...next.childNodes);
        document.title = page.title;
        if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
        enhance();
      }

      // A form that asks first (Delete): nothing is sent unless the person says yes.
      document.addEventListener("submit", (event) => {
        const form = event.target;
        if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
          event.preventDefault();
          event.stopImmediatePropagation();
        }
      }, true);

      // Forms marked .inline send themselves in the background; the page then shows the result.
      function enhance() {
        for (const form of document.querySelectorAll("form.inline:not([data-ready])")) {
          form.dataset.ready = "1";
          form.addEventListener("submit", async (event) => {
            event.preventDefault();
            delete form.dataset.dirty;
            const body = new URLSearchParams(new FormData(form));
            const response = await fetch(form.action, { method: "POST", body, redirect: "follow" });
            if (response.ok) {
              say("Saved.");
              await refresh();
            } else {
              const page = new DOMParser().parseFromString(await response.text(), "text/html");
              const advice = page.querySelector(".advice");
              say((page.querySelector("h1") || {}).textContent + ": " + (advice ? advice.textContent : response.status));
            }
          });
        }
      }
      enhance();

      // Installable: the service worker keeps the pages as last seen, for when the server
      // cannot be reached; the page then says so (the live stream fails to open).
      if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
      const unreachable = "The server cannot be reached: this page is as it was last seen here, " +
        "and changes wait for it.";
      if (window.EventSource) {
        const source = new EventSource("/live");
        source.addEventListener("change", changed);
        source.addEventListener("error", () => say(unreachable));
        source.addEventListener("open", () => { if (live && live.textContent === unreachable) say(""); });
      }

      // The calendar: an event dragged to another day moves there, through the form's door
      // (`/events/move`; the keyboard's way is the day page's Move): on the month onto a day's
      // cell, on the week by the hour into a day's column.
      let dragged = null;
      const dayOf = (event) => {
        if (!event.target.closest) return null;
        const cell = event.target.closest(".cell[data-date]");
        if (cell) return { date: cell.dataset.date, name: cell.getAttribute("aria-label").split(":")[0] };
        const grid = event.target.closest(".hour-grid");
        if (!grid) return null;
        const column = [...grid.querySelectorAll(".hg-day[data-date]")].find((day) => {
          const box = day.getBoundingClientRect();
          return event.clientX >= box.left && event.clientX < box.right;
        });
        return column ? { date: column.dataset.date, name: column.textContent.trim() } : null;
      };
      document.addEventListener("dragstart", (event) => {
        const chip = event.target.closest && event.target.closest(".cell-event[data-path], .hg-event[data-path]");
        if (!chip) return;
        dragged = chip.dataset.path;
        event.dataTransfer.setData("text/plain", dragged);
        event.dataTransfer.effectAllowed = "move";
      });
      document.addEventListener("dragover", (event) => {
        if (dragged && dayOf(event)) event.preventDefault();
      });
      document.addEventListener("drop", async (event) => {
        const day = dragged && dayOf(event);
        const csrf = document.getElementById("calendar-csrf");
        if (!day || !csrf) return;
        event.preventDefault();
        const body = new URLSearchParams({ csrf: csrf.value, workspace: document.body.dataset.workspace || "", path: dragged, date: day.date, back: location.pathname + location.search });
        dragged = null;
        const response = await fetch("/events/move", { method: "POST", body, redirect: "follow" });
        if (response.ok) {
          say("Moved to " + day.name + ".");
          await refresh();
        } else {
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const advice = page.querySelector(".advice");
          say("Not moved: " + (advice ? advice.textContent : response.status));
        }
      });
      document.addEventListener("dragend", () => { dragged = null; draggedTask = null; });

      // A note's task list: a row dragged before or after another row of its list moves there
      // (`/tasks/move`; the keyboard's way is the task page's buttons).
      let draggedTask = null;
      const rowOf = (event) => event.target.closest && event.target.closest("li.task[draggable=true]");
      document.addEventListener("dragstart", (event) => {
        const row = rowOf(event);
        if (!row) return;
        draggedTask = row;
        event.dataTransfer.setData("text/plain", row.dataset.task);
        event.dataTransfer.effectAllowed = "move";
      });
      document.addEventListener("dragover", (event) => {
        const row = rowOf(event);
        if (draggedTask && row && row !== draggedTask && row.parentElement === draggedTask.parentElement) event.preventDefault();
      });
      document.addEventListener("drop", async (event) => {
        const row = rowOf(event);
        const moving = draggedTask;
        if (!moving || !row || row === moving || row.parentElement !== moving.parentElement) return;
        event.preventDefault();
        draggedTask = null;
        const box = row.getBoundingClientRect();
        const side = event.clientY < box.top + box.height / 2 ? "before" : "after";
        const csrf = moving.querySelector("input[name=csrf]") || document.querySelector("input[name=csrf]");
        const body = new URLSearchParams({ csrf: csrf ? csrf.value : "", workspace: document.body.dataset.workspace || "", task: moving.dataset.task, back: location.pathname + location.search });
        body.set(side, row.dataset.task);
        const response = await fetch("/tasks/move", { method: "POST", body, redirect: "follow" });
        if (response.ok) {
          say("Moved " + side + " “" + (row.querySelector(".text") || row).textContent.trim() + "”.");
          await refresh();
        } else {
          const page = new DOMParser().parseFromString(await response.text(), "text/html");
          const advice = page.querySelector(".advice");
          say("Not moved: " + (advice ? advice.textContent : response.status));
        }
      });

      // The calendar: ← and → for the previous and next month or week, t for today.
      document.addEventListener("keydown", (event) => {
        if (document.body.dataset.page !== "calendar" || event.altKey || event.ctrlKey || event.metaKey) return;
        const tag = (event.target.tagName || "").toLowerCase();
        if (tag === "input" || tag === "textarea" || tag === "select") return;
        const link = event.key === "ArrowLeft" ? "a[rel=prev]" : event.key === "ArrowRight" ? "a[rel=next]"
          : event.key === "t" ? "a.today" : null;
        const target = link && document.querySelector(link);
        if (target) { event.preventDefault(); location.href = target.href; }
      });
    })();
    """#

  static let css = #"""
    :root { --fg: #1d1d1f; --bg: #fbfbf8; --muted: #5f6368; --line: #d9d9d2; --accent: #1a5bc4; --card: #ffffff;
      --bad: #b42318; --bar: #3b64a8; color-scheme: light dark; }
    @media (prefers-color-scheme: dark) {
      :root { --fg: #e8e8e3; --bg: #161618; --muted: #a3a3a8; --line: #38383d; --accent: #6ea8fe; --card: #1f1f22;
        --bad: #ff8a80; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
      background: var(--bg); }
    a { color: var(--accent); }
    .skip { position: absolute; left: -999px; }
    .skip:focus { left: 8px; top: 8px; background: var(--card); padding: 4px 8px; z-index: 2; }
    header nav ul { display: flex; flex-wrap: wrap; gap: 2px 14px; list-style: none; margin: 0; padding: 10px 14px;
      border-bottom: 1px solid var(--line); }
    input[type=checkbox], input[type=radio] { width: 24px; height: 24px; margin: 0 6px 0 0; vertical-align: middle; }
    header nav a { text-decoration: none; display: inline-block; padding: 3px 0; min-height: 24px; box-sizing: border-box; }
    header nav a[aria-current=page] { font-weight: 700; text-decoration: underline; }
    header.workspace { border-top: 5px solid var(--workspace, var(--accent)); }
    .account { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; padding: 8px 14px 0; }
    .account .current { font-weight: 700; margin-right: auto; }
    .dot { display: inline-block; width: 0.7em; height: 0.7em; border-radius: 50%; margin-right: 6px;
      background: var(--workspace, var(--accent)); }
    form.switch { display: inline; margin: 0; }
    form.switch button { min-height: 24px; }
    main { max-width: 960px; margin: 0 auto; padding: 12px 14px 40px; }
    main:focus { outline: none; }
    h1 { font-size: 1.5rem; margin: 0.4em 0; }
    h2 { font-size: 1.1rem; margin: 1.4em 0 0.4em; }
    ul.rows { list-style: none; margin: 0; padding: 0; }
    ul.rows li { padding: 6px 0; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 4px 10px;
      align-items: baseline; }
    .muted, .where, .extras, .time { color: var(--muted); font-size: 0.92em; }
    .when.overdue { color: var(--bad); font-weight: 600; }
    .task .text { flex: 1 1 12em; }
    .task.closed .text { text-decoration: line-through; color: var(--muted); }
    .label { border-left: 4px solid var(--label, var(--accent)); padding: 0 4px; border-radius: 3px;
      background: var(--card); white-space: nowrap; }
    form.inline { display: inline; margin: 0; }
    button, input, select, textarea { font: inherit; color: inherit; }
    button { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 2px 10px;
      cursor: pointer; }
    button.check { padding: 0 6px; min-width: 2em; min-height: 2em; }
    button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible {
      outline: 3px solid var(--accent); outline-offset: 2px; }
    input, select, textarea { background: var(--card); border: 1px solid var(--line); border-radius: 6px;
      padding: 4px 6px; max-width: 100%; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px;
      margin: 10px 0; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 10px; }
    .big { font-size: 1.6rem; font-weight: 700; }
    .event { border-left: 4px solid var(--bar); padding-left: 8px !important; }
    .filters { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: end; }
    .filters label, .stack label { display: flex; flex-direction: column; font-size: 0.9em; }
    .stack { display: grid; gap: 10px; max-width: 560px; }
    .nav-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: baseline; }
    .week { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 2px; margin-bottom: 6px; }
    .weekdays { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 2px; color: var(--muted);
      font-size: 0.85em; text-align: center; }
    .cell { grid-row: 1; min-height: 3.2em; border: 1px solid var(--line); border-radius: 6px; padding: 2px 4px;
      background: var(--card); text-decoration: none; color: var(--fg); }
    .cell.today { border: 2px solid var(--accent); }
    .cell-event { display: block; font-size: 0.75em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    /* With accounts: each event marked in its workspace's colour, and the workspaces named. */
    .ws { box-shadow: inset 3px 0 0 var(--ws); padding-left: 5px; }
    .hg-event.ws { border-left-color: var(--ws); box-shadow: none; }
    .ws-name { border-left: 0.8em solid var(--ws); padding-left: 0.3em; margin-right: 0.6em; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
      white-space: nowrap; }
    .cell-event[draggable="true"], .hg-event[draggable="true"], li.task[draggable="true"] { cursor: grab; }
    .callout { border-left: 4px solid var(--callout, var(--accent)); background: var(--card); margin: 12px 0;
      padding: 6px 12px; border-radius: 4px; }
    .callout-title { font-weight: 600; margin: 4px 0; }
    details.callout > summary { cursor: pointer; min-height: 24px; }
    .callout[data-callout=warning], .callout[data-callout=question] { --callout: #b76e00; }
    .callout[data-callout=danger], .callout[data-callout=failure], .callout[data-callout=bug] { --callout: var(--bad); }
    .callout[data-callout=success] { --callout: #2e7d32; }
    .callout[data-callout=quote], .callout[data-callout=example] { --callout: var(--muted); }
    .task-notes { white-space: pre-line; }
    .embed { border: 1px solid var(--line); border-radius: 4px; padding: 4px 12px; margin: 12px 0; }
    .embed-title { font-size: 0.9em; margin: 4px 0; }
    .hour-grid { display: grid; grid-template-columns: 3.2em repeat(7, minmax(0, 1fr)); margin: 12px 0;
      background: repeating-linear-gradient(to bottom, transparent 0, transparent 43px, var(--line) 43px, var(--line) 44px);
      background-position: 0 1.8em; border-top: 1px solid var(--line); }
    .hg-day { font-size: 0.85em; text-align: center; align-self: center; min-height: 24px; white-space: nowrap;
      overflow: hidden; }
    .hg-hour { grid-column: 1; font-size: 0.75em; color: var(--muted); }
    .hg-event { font-size: 0.75em; background: var(--card); border-left: 3px solid var(--bar, var(--accent));
      border-radius: 3px; padding: 1px 3px; overflow: hidden; text-decoration: none; color: var(--fg);
      box-shadow: 0 0 0 1px var(--line); z-index: 1; min-width: 0; }
    .hg-now { border-top: 2px solid var(--bad); align-self: start; z-index: 2; }
    .mood-week { margin: 8px 0; }
    .mood-bars { list-style: none; display: flex; gap: 6px; align-items: flex-end; margin: 4px 0 0; padding: 0; }
    .mood-bars li { display: flex; flex-direction: column; align-items: center; justify-content: flex-end; width: 2.2em;
      height: 84px; }
    .mood-bar { display: block; width: 1.4em; background: var(--accent); border-radius: 3px 3px 0 0; }
    .mood-bar.none { background: var(--line); }
    .mood-day, .mood-value { font-size: 0.8em; color: var(--muted); }
    a.card { text-decoration: none; color: var(--fg); display: block; }
    a.card .big { color: var(--accent); }
    .cell.outside { background: transparent; border-style: dashed; }
    .mark { display: inline-block; width: 0.55em; height: 0.55em; border-radius: 50%; margin-right: 2px; }
    .mark.event { background: var(--bar); border: 0; padding: 0 !important; }
    .mark.task { background: #d97706; } .mark.note { background: #7c3aed; } .mark.journal { background: #059669; }
    .bar { background: var(--bar); color: #fff; border-radius: 4px; padding: 0 6px; font-size: 0.8em; overflow: hidden;
      white-space: nowrap; text-overflow: ellipsis; text-decoration: none; min-width: 0; }
    .bar.before { border-top-left-radius: 0; border-bottom-left-radius: 0; }
    .bar.after { border-top-right-radius: 0; border-bottom-right-radius: 0; }
    .chart { display: grid; gap: 4px; }
    .chart .row { display: grid; grid-template-columns: 11em 1fr 3em; gap: 8px; align-items: center; font-size: 0.9em; }
    .chart .fill { height: 0.9em; background: var(--accent); border-radius: 3px; width: var(--value); }
    progress, meter { width: 100%; height: 0.8em; }
    .note-body { overflow-wrap: anywhere; }
    .note-body table { border-collapse: collapse; display: block; overflow-x: auto; }
    .note-body pre { overflow-x: auto; background: var(--card); padding: 8px; border-radius: 6px; }
    .note-body li.task { list-style: none; margin-left: -1.2em; padding: 2px 0; }
    .note-body li.task > .text, .note-body li.task > form, .note-body li.task > span, .note-body li.task > a {
      margin-right: 8px; }
    .note-body li.task > .where { display: none; }
    .note-body li.task > .when, .note-body li.task > .extras { border: 1px solid var(--line); border-radius: 10px;
      padding: 0 6px; }
    table.properties { border-collapse: collapse; margin: 8px 0 12px; }
    table.properties th { text-align: left; font-weight: normal; color: var(--muted); padding: 2px 16px 2px 0; }
    table.properties td { padding: 2px 0; }
    .wikilink.missing { color: var(--muted); text-decoration: underline dotted; }
    footer p { max-width: 960px; margin: 0 auto; padding: 0 14px 20px; color: var(--muted); min-height: 1.5em; }
    @media (max-width: 480px) {
      .chart .row { grid-template-columns: 7em 1fr 2.5em; }
      .cell { min-height: 2.6em; font-size: 0.85em; }
      .cell-event { display: none; }
      .hg-name { display: none; }
      .hour-grid { grid-template-columns: 2.6em repeat(7, minmax(0, 1fr)); }
    }
    """#
}
