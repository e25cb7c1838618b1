/// Today, tasks, the calendar and a day.
extension Templates {
  static let planning: [(String, String)] = [
    ("today", today), ("tasks", tasks), ("task", task), ("calendar", calendar), ("day", day),
  ]

  static let today = """
    <h1>{{date}} <span class="muted">· week {{week}}</span></h1>
    {{#timer}}<form method="post" action="/track/stop" class="card timer" aria-label="The running timer">
    {{> formToken}}<input type="hidden" name="back" value="/">
    <span>{{timer}}</span> <button type="submit">Stop</button></form>{{/timer}}
    <h2 id="events-heading">Today's events</h2>
    {{#hasEvents}}<ul class="rows" aria-labelledby="events-heading">{{/hasEvents}}
    {{#events}}{{> eventRow}}{{/events}}
    {{#hasEvents}}</ul>{{/hasEvents}}
    {{^events}}<p class="muted">Nothing on the calendar today. <a href="/calendar">See the month</a>.</p>{{/events}}
    <h2 id="tasks-heading">Tasks</h2>
    {{#hasTasks}}<ul class="rows" aria-labelledby="tasks-heading">{{#tasks}}{{> taskRow}}{{/tasks}}</ul>{{/hasTasks}}
    {{^hasTasks}}<p class="muted">Nothing due. <a href="/tasks">All open tasks</a>.</p>{{/hasTasks}}
    {{#moreTasks}}<p><a href="/tasks?due=today">{{moreTasks}} more due or scheduled</a></p>{{/moreTasks}}
    {{#hasTomorrow}}<h2 id="tomorrow-heading">Tomorrow</h2>
    <ul class="rows" aria-labelledby="tomorrow-heading">{{#tomorrowEvents}}{{> eventRow}}{{/tomorrowEvents}}
    {{#tomorrowTasks}}{{> taskRow}}{{/tomorrowTasks}}</ul>{{/hasTomorrow}}
    {{#hasCountdowns}}<h2>Coming up</h2><div class="cards">{{/hasCountdowns}}
    {{#countdowns}}<a class="card" href="{{href}}"><span class="big">{{phrase}}</span><br>{{title}}
    <br><span class="muted">{{date}}{{#milestone}} · {{milestone}}{{/milestone}}</span></a>{{/countdowns}}
    {{#hasCountdowns}}</div>{{/hasCountdowns}}
    {{#hasGoals}}<h2>Goals</h2><ul class="rows">{{/hasGoals}}
    {{#goals}}<li><a href="{{href}}">{{title}}</a>
    {{#hasProgress}}<meter min="0" max="100" value="{{percent}}" aria-label="{{title}}: {{percent}}%"></meter>
    <span>{{percent}}%</span>{{/hasProgress}}{{#daysLeft}}<span class="muted">{{daysLeft}}</span>{{/daysLeft}}</li>{{/goals}}
    {{#hasGoals}}</ul>{{/hasGoals}}
    <h2>Journal</h2>
    {{#journal}}<p><a href="{{href}}">Today's entry</a> · {{mood}}{{#tags}} · {{tags}}{{/tags}}</p>{{/journal}}
    {{^journal}}<p class="muted">No entry yet today. <a href="/journal">Write one</a>.</p>{{/journal}}
    <figure class="mood-week"><figcaption class="muted">Last 7 days{{#moodAverage}} · average {{moodAverage}}{{/moodAverage}}</figcaption>
    <ol class="mood-bars">{{#week7}}<li aria-label="{{label}}"><span class="mood-bar{{^has}} none{{/has}}" style="{{height}}"></span><span class="mood-day" aria-hidden="true">{{day}}</span><span class="mood-value" aria-hidden="true">{{shown}}</span></li>{{/week7}}</ol></figure>
    {{#hasSuggestions}}<h2>For your mood</h2><ul class="rows">{{/hasSuggestions}}
    {{#suggestions}}<li><span class="text">{{text}}</span>
    <form method="post" action="/suggestions/accept" class="inline">{{> formToken}}
    <input type="hidden" name="number" value="{{number}}"><input type="hidden" name="back" value="/">
    <button type="submit">Add as a task</button></form>
    <form method="post" action="/suggestions/dismiss" class="inline">{{> formToken}}
    <input type="hidden" name="number" value="{{number}}"><input type="hidden" name="back" value="/">
    <button type="submit">Not today</button></form></li>{{/suggestions}}
    {{#hasSuggestions}}</ul>{{/hasSuggestions}}
    {{#insight}}<h2>Insight</h2><blockquote class="card"><p>{{text}}</p>
    {{#author}}<footer class="muted">— {{author}}</footer>{{/author}}</blockquote>{{/insight}}
    {{#principle}}<h2>Principle</h2><p class="card"><a href="/align">{{text}}</a></p>{{/principle}}
    <p class="muted">Today: {{stats.doneToday}} of {{stats.totalToday}} tasks done · this week: {{stats.done}} of {{stats.total}} · journal streak {{stats.streak}} days</p>
    """

  static let tasks = """
    <h1>Tasks</h1>
    <form method="get" action="/tasks" class="filters" role="search" aria-label="Filter tasks">
    <label>Status<select name="status">{{#statuses}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/statuses}}</select></label>
    <label>Due<select name="due">{{#dues}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/dues}}</select></label>
    <label>Priority<select name="priority">{{#priorities}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/priorities}}</select></label>
    <label>Energy<select name="energy">{{#energies}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/energies}}</select></label>
    <label>At most<input name="duration" value="{{duration}}" size="5" placeholder="30m"></label>
    <label>Tag<input name="tag" value="{{tag}}" size="10" placeholder="#home"></label>
    <label>Words<input name="q" value="{{q}}" size="12"></label>
    <button type="submit">Show</button>
    </form>
    <p class="muted" id="task-count">{{count}}{{#cut}}, the first {{shownCount}} shown
    · <a href="{{more}}">show more</a>{{/cut}}</p>
    {{#empty}}<p>No tasks match. Try <a href="/tasks?status=all">every task</a>, or add one below.</p>{{/empty}}
    <ul class="rows" id="task-list" aria-label="Tasks">
    {{#tasks}}{{> taskRow}}
    {{/tasks}}
    </ul>
    <h2 id="add-heading">Add a task</h2>
    <form method="post" action="/tasks/add" class="stack" aria-labelledby="add-heading">
    {{> formToken}}<input type="hidden" name="back" value="{{back}}">
    <label>What to do<input name="text" id="new-task" required maxlength="1000"></label>
    <label>Due<input type="date" name="due"></label>
    <label>Priority<select name="priority">{{#newPriorities}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/newPriorities}}</select></label>
    <button type="submit">Add</button>
    </form>
    """

  /// One task and what can be done to it.
  static let task = """
    <h1>{{text}}</h1>
    <p class="muted">{{box}} {{#when}}{{when}} · {{/when}}{{#extras}}{{extras}} · {{/extras}}<a href="{{href}}">{{title}}</a>, line {{line}}</p>
    {{#notes}}<p class="task-notes">{{notes}}</p>{{/notes}}
    {{#open}}<form method="post" action="/tasks/edit" class="stack" aria-label="Change the task">
    {{> formToken}}<input type="hidden" name="task" value="{{id}}">
    <input type="hidden" name="back" value="{{back}}">
    <label>Text<input name="text" value="{{text}}" required maxlength="1000"></label>
    <label>Priority<select name="priority">{{#priorities}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/priorities}}</select></label>
    <label>Due<input type="date" name="due" value="{{due}}"></label>
    <label>Scheduled<input type="date" name="scheduled" value="{{scheduled}}"></label>
    <label>Starts<input type="date" name="start" value="{{start}}"></label>
    <button type="submit">Save</button></form>
    <p class="nav-row">
    <form method="post" action="/tasks/done" class="inline">{{> formToken}}
    <input type="hidden" name="task" value="{{id}}"><input type="hidden" name="back" value="{{back}}">
    <button type="submit">Done</button></form>
    <form method="post" action="/tasks/postpone" class="inline">{{> formToken}}
    <input type="hidden" name="task" value="{{id}}"><input type="hidden" name="back" value="{{back}}">
    <button type="submit">Postpone a day</button></form>
    <form method="post" action="/tasks/cancel" class="inline">{{> formToken}}
    <input type="hidden" name="task" value="{{id}}"><input type="hidden" name="back" value="{{back}}">
    <button type="submit">Cancel the task</button></form></p>{{/open}}
    {{#closed}}<form method="post" action="/tasks/reopen" class="inline">
    {{> formToken}}<input type="hidden" name="task" value="{{id}}">
    <input type="hidden" name="back" value="{{back}}"><button type="submit">Reopen</button></form>{{/closed}}
    {{#open}}<form method="post" action="/track/start" class="inline">
    {{> formToken}}<input type="hidden" name="task" value="{{id}}">
    <input type="hidden" name="back" value="/"><button type="submit">Start a timer</button></form>{{/open}}
    {{#movable}}<form method="post" action="/tasks/move" class="nav-row" aria-label="Its place in its list">
    {{> formToken}}<input type="hidden" name="task" value="{{id}}">
    <input type="hidden" name="back" value="/task?id={{id}}">
    <span class="muted">In its list:</span>
    <button type="submit" name="place" value="top">To the top</button>
    <button type="submit" name="place" value="up">Up</button>
    <button type="submit" name="place" value="down">Down</button>
    <button type="submit" name="place" value="bottom">To the bottom</button></form>{{/movable}}
    <p><a href="/tasks">All tasks</a></p>
    """

  static let calendar = """
    <h1>{{heading}}</h1>
    <p class="nav-row"><a rel="prev" href="{{previous}}">← Earlier</a> <a class="today" href="{{todayHref}}">Today</a>
    <a rel="next" href="{{next}}">Later →</a> <a href="{{switchHref}}">{{switchName}}</a>
    <span class="muted">Keys: ← → and t · drag an event to another day, or move it from its day</span></p>
    <input type="hidden" id="calendar-csrf" value="{{csrf}}">
    <div class="weekdays" aria-hidden="true">{{#weekdays}}<span>{{name}}</span>{{/weekdays}}</div>
    {{#weeks}}<section class="week" aria-label="Week {{number}}">
    {{#days}}{{#outside}}<span class="cell outside" aria-hidden="true"></span>{{/outside}}
    {{^outside}}<a class="cell{{#today}} today{{/today}}" href="{{href}}" data-date="{{date}}" aria-label="{{label}}"{{#today}} aria-current="date"{{/today}}>{{day}} {{#marks}}<span class="mark {{name}}"></span>{{/marks}}{{#events}}<span class="cell-event{{#ws}} ws{{/ws}}"{{#ws}} style="--ws: {{ws}}"{{/ws}}{{#path}} draggable="true" data-path="{{path}}"{{/path}}>{{time}} {{title}}{{#workspace}}<span class="visually-hidden"> (in {{workspace}})</span>{{/workspace}}</span>{{/events}}</a>{{/outside}}{{/days}}
    {{#bars}}<a class="bar{{#before}} before{{/before}}{{#after}} after{{/after}}{{#ws}} ws{{/ws}}" href="{{href}}" style="{{style}}">{{title}}{{#workspace}}<span class="visually-hidden"> (in {{workspace}})</span>{{/workspace}}</a>{{/bars}}
    </section>{{/weeks}}
    {{#hourGrid}}<section class="hour-grid" aria-label="The week by the hour" style="{{rows}}">
    {{#columns}}<a class="hg-day" href="{{href}}" data-date="{{date}}" style="{{style}}"><span class="hg-name">{{name}} </span>{{day}}</a>{{/columns}}
    {{#hours}}<span class="hg-hour" style="{{style}}">{{label}}</span>{{/hours}}
    {{#events}}<a class="hg-event{{#ws}} ws{{/ws}}" href="{{href}}" style="{{style}}" aria-label="{{label}}"{{#path}} draggable="true" data-path="{{path}}"{{/path}}>{{time}} {{title}}</a>{{/events}}
    {{#now}}<span class="hg-now" style="{{style}}" title="Now, {{time}}" aria-hidden="true"></span>{{/now}}
    </section>{{/hourGrid}}
    {{#hasWorkspaces}}<p class="muted">Workspaces: {{#workspaces}}<span class="ws-name" style="--ws: {{color}}">{{name}}</span> {{/workspaces}}</p>{{/hasWorkspaces}}
    <p class="muted"><span class="mark event"></span> event <span class="mark task"></span> task due
    <span class="mark note"></span> dated note <span class="mark journal"></span> journal</p>
    """

  static let day = """
    <h1>{{heading}}</h1>
    <p class="nav-row"><a rel="prev" href="{{previous}}">← Day before</a> <a href="{{month}}">Month</a>
    <a rel="next" href="{{next}}">Day after →</a></p>
    {{#empty}}<p class="muted">Nothing on this day.</p>{{/empty}}
    {{#hourGrid}}<section class="hour-grid" aria-label="The day by the hour" style="{{rows}}">
    {{#columns}}<span class="hg-day" data-date="{{date}}" style="{{style}}">{{name}} {{day}}</span>{{/columns}}
    {{#hours}}<span class="hg-hour" style="{{style}}">{{label}}</span>{{/hours}}
    {{#events}}<a class="hg-event{{#ws}} ws{{/ws}}" href="{{href}}" style="{{style}}" aria-label="{{label}}">{{time}} {{title}}</a>{{/events}}
    {{#now}}<span class="hg-now" style="{{style}}" title="Now, {{time}}" aria-hidden="true"></span>{{/now}}
    </section>{{/hourGrid}}
    {{#hasEvents}}<h2>Events</h2><ul class="rows">{{/hasEvents}}{{#events}}{{> eventRow}}{{/events}}{{#hasEvents}}</ul>{{/hasEvents}}
    <details class="add-event"><summary>Add an event</summary>
    <form method="post" action="/events/add" class="stack">
    {{> formToken}}<input type="hidden" name="back" value="{{back}}">
    <label>Title <input type="text" name="title" required maxlength="200"></label>
    <label>Day <input type="date" name="date" value="{{date}}" required></label>
    <label>Starts at <input type="time" name="time"></label>
    <label>Ends at <input type="time" name="endTime"></label>
    <label><span><input type="checkbox" name="allDay"> All day</span></label>
    <label>Last day, for several days <input type="date" name="end"></label>
    <label>Repeats <select name="repeat"><option value="none">never</option><option value="daily">every day</option>
    <option value="weekly">every week</option><option value="monthly">every month</option><option value="yearly">every year</option></select></label>
    <label>Time zone, when not the vault's <input type="text" name="timezone" placeholder="Europe/Berlin"></label>
    <label>Category <input type="text" name="category" placeholder="birthday, work"></label>
    <label>Where <input type="text" name="location"></label>
    <label>Reminders before it <input type="text" name="remind" placeholder="1d,2h"></label>
    <button type="submit">Add the event</button></form></details>
    {{#hasTasks}}<h2>Tasks</h2><ul class="rows">{{/hasTasks}}{{#tasks}}{{> taskRow}}{{/tasks}}{{#hasTasks}}</ul>{{/hasTasks}}
    {{#hasNotes}}<h2>Notes</h2><ul class="rows">{{/hasNotes}}{{#notes}}<li><a href="{{href}}">{{title}}</a></li>{{/notes}}{{#hasNotes}}</ul>{{/hasNotes}}
    {{#journal}}<h2>Journal</h2><p><a href="{{href}}">The entry</a> · {{mood}}</p>{{/journal}}
    """
}
