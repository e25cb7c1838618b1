/// The templates of the web view, by name; each page's own are in the file for its part.
enum Templates {
  static let all: [(String, String)] =
    [
      ("layout", layout), ("error", error), ("login", login), ("taskRow", taskRow), ("eventRow", eventRow),
      ("formToken", formToken),
    ]
    + planning + reflection + notes

  /// What every form of a page sends back: the CSRF token and, with accounts, the page's
  /// workspace, where `AccountGate` sends the change (also when another tab has switched since).
  static let formToken = """
    <input type="hidden" name="csrf" value="{{csrf}}">\
    {{#pageWorkspace}}<input type="hidden" name="workspace" value="{{pageWorkspace}}">{{/pageWorkspace}}
    """
}

extension Templates {
  static let layout = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="theme-color" content="#1a5bc4">
    <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
    <link rel="apple-touch-icon" href="/assets/icon-192.png">
    <link rel="manifest" href="/manifest.webmanifest">
    <title>{{title}} · vault</title>
    <link rel="stylesheet" href="/assets/app.css">
    <script src="/assets/app.js" defer></script>
    </head>
    <body data-page="{{page}}"{{#viewer}} data-workspace="{{workspace}}"{{/viewer}}>
    <a class="skip" href="#main">Skip to the content</a>
    <header{{#viewer}} class="workspace" style="--workspace: {{color}}"{{/viewer}}>
    {{#viewer}}<div class="account">
    <span class="current"><span class="dot" aria-hidden="true"></span>{{workspace}}</span>
    {{#others}}<form method="post" action="/workspace" class="switch">
    {{> formToken}}<input type="hidden" name="back" value="/">
    <button type="submit" name="name" value="{{name}}" style="--workspace: {{color}}"><span class="dot" aria-hidden="true"></span>Show {{name}}</button></form>
    {{/others}}<form method="post" action="/logout" class="switch">
    {{> formToken}}
    <button type="submit">Log out {{account}}</button></form>
    </div>{{/viewer}}
    {{#hasNav}}<nav aria-label="Sections"><ul>
    {{#nav}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a></li>
    {{/nav}}</ul></nav>{{/hasNav}}
    </header>
    <main id="main" tabindex="-1">
    {{{body}}}
    </main>
    <footer><p id="live" role="status" aria-live="polite"></p></footer>
    </body>
    </html>
    """

  static let error = """
    <h1>{{title}}</h1>
    <p class="advice">{{advice}}</p>
    <p class="muted">HTTP {{code}} · <a href="/">Today</a></p>
    """

  /// `vault serve` with accounts: a name and a password, once in each browser.
  static let login = """
    <h1>Log in</h1>
    {{#failed}}<p class="advice" role="alert">That name and password do not match an account.</p>{{/failed}}
    <form method="post" action="/login" class="stack">
    {{> formToken}}<input type="hidden" name="back" value="{{back}}">
    <label>Name <input type="text" name="name" value="{{name}}" autocomplete="username" autocapitalize="none" spellcheck="false" required></label>
    <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
    <button type="submit">Log in</button>
    </form>
    <p class="muted">Whoever runs vault serve gives each person an account: vault account add NAME --workspace WORKSPACE.</p>
    """

  /// One task with its buttons; `back` is where the answer to a button leads.
  static let taskRow = """
    <li class="task priority-{{priority}}{{#closed}} closed{{/closed}}" data-task="{{id}}"{{#movable}} draggable="true"{{/movable}}>
    {{#open}}<form method="post" action="/tasks/done" class="inline">
    {{> formToken}}<input type="hidden" name="task" value="{{id}}">
    <input type="hidden" name="back" value="{{back}}">
    <button type="submit" class="check" aria-label="Done: {{text}}">☐</button></form>{{/open}}
    {{^open}}<span class="check" aria-hidden="true">{{box}}</span>{{/open}}
    <span class="text">{{#parts}}{{#label}}<span class="label"{{#style}} style="{{style}}"{{/style}}>{{emoji}}{{word}}</span>{{/label}}{{^label}}{{word}}{{/label}}{{/parts}}</span>
    {{#when}}<span class="when{{#overdue}} overdue{{/overdue}}">{{when}}</span>{{/when}}
    {{#extras}}<span class="extras">{{extras}}</span>{{/extras}}
    <a class="where" href="{{href}}">{{title}}</a>
    <a class="change" href="/task?id={{id}}" aria-label="Change: {{text}}">Change</a>
    </li>
    """

  static let eventRow = """
    <li class="event"{{#color}} style="--bar: {{color}}"{{/color}}>
    <span class="time">{{time}}</span>
    <a href="{{href}}">{{emoji}} {{title}}</a>
    {{#location}}<span class="muted">· {{location}}</span>{{/location}}
    {{#workspace}}<span class="muted">· in {{workspace}}</span>{{/workspace}}
    {{#extra}}<span class="muted">· {{extra}}</span>{{/extra}}
    {{#editable}}{{#oneOff}}<form method="post" action="/events/move" class="inline">
    {{> formToken}}<input type="hidden" name="path" value="{{path}}">
    <input type="hidden" name="back" value="{{back}}">
    <label>Move {{title}} to <input type="date" name="date" value="{{day}}" required></label>
    <button type="submit">Move</button></form>{{/oneOff}}
    <form method="post" action="/events/delete" class="inline" data-confirm="Move {{title}} to the trash?">
    {{> formToken}}<input type="hidden" name="path" value="{{path}}">
    <input type="hidden" name="back" value="{{back}}">
    <button type="submit" aria-label="Delete {{title}} (to the trash)">Delete</button></form>
    <details class="edit-event"><summary>Change {{title}}</summary>
    <form method="post" action="/events/edit" class="stack">
    {{> formToken}}<input type="hidden" name="path" value="{{path}}">
    <input type="hidden" name="back" value="{{back}}">
    <label>Title <input type="text" name="title" value="{{plainTitle}}" required maxlength="200"></label>
    <label>Starts at <input type="time" name="time" value="{{startTime}}"></label>
    <label>Ends at <input type="time" name="endTime" value="{{endTime}}"></label>
    <label>Where <input type="text" name="location" value="{{place}}"></label>
    <label>Category <input type="text" name="category" value="{{category}}"></label>
    <button type="submit">Save {{title}}</button></form></details>{{/editable}}
    </li>
    """
}
