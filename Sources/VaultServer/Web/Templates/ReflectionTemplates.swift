/// Countdowns, goals, the journal, insights, a principle and the mood.
extension Templates {
  static let reflection: [(String, String)] = [
    ("countdown", countdown), ("goals", goals), ("journal", journal), ("insights", insights), ("align", align),
    ("mood", mood),
  ]

  static let countdown = """
    <h1>Countdown</h1>
    {{#empty}}<p>No events ahead. Add one with <code>vault add event "Concert" --date 2026-12-05</code>, or a note in
    Events/ with a <code>date:</code>.</p>{{/empty}}
    <div class="cards">
    {{#countdowns}}<a class="card event" href="{{href}}"{{#style}} style="{{style}}"{{/style}}><span class="big">{{phrase}}</span><br>{{title}}
    <br><span class="muted">{{date}}{{#milestone}} · {{milestone}}{{/milestone}}</span></a>{{/countdowns}}
    </div>
    """

  static let goals = """
    <h1>Goals</h1>
    {{#empty}}<p>No goals yet. Add one with <code>vault add goal "Read 24 books" --target 2026-12-31</code>.</p>{{/empty}}
    <ul class="rows">
    {{#goals}}<li class="goal"><a href="{{href}}">{{title}}</a>
    {{#hasProgress}}<meter min="0" max="100" value="{{percent}}" aria-label="{{title}}: {{percent}}%"></meter> <span>{{percent}}%</span>{{/hasProgress}}
    {{#target}}<span class="muted">target {{target}}</span>{{/target}} {{#daysLeft}}<span class="muted">· {{daysLeft}}</span>{{/daysLeft}} {{#forecast}}<span class="muted">· {{forecast}}</span>{{/forecast}}
    {{#settable}}<form method="post" action="/goals/progress" class="inline">{{> formToken}}
    <input type="hidden" name="goal" value="{{path}}"><input type="hidden" name="back" value="/goals">
    <label>Progress of {{title}} in percent <input type="number" name="percent" min="0" max="100" value="{{percentValue}}"></label>
    <button type="submit">Set</button></form>{{/settable}}
    {{^settable}}<span class="muted">counted from its checkboxes and linked tasks</span>{{/settable}}</li>{{/goals}}
    </ul>
    {{#hasDone}}<h2>Done</h2><ul class="rows">{{#done}}<li class="goal"><a href="{{href}}">{{title}}</a> ✅</li>{{/done}}</ul>{{/hasDone}}
    """

  static let journal = """
    <h1>Journal · {{heading}}</h1>
    {{#entry}}<section class="card" aria-label="The entry"><p>{{mood}}{{#tags}} · {{tags}}{{/tags}} · <a href="{{href}}">open the note</a></p>
    <div class="note-body">{{{html}}}</div></section>{{/entry}}
    {{^entry}}<p class="muted">No entry for this day yet.</p>{{/entry}}
    {{#isToday}}<h2 id="write-heading">Write</h2>
    <form method="post" action="/journal/write" class="stack" aria-labelledby="write-heading">
    {{> formToken}}<input type="hidden" name="back" value="/journal">
    <label>A line for today<textarea name="text" rows="3" maxlength="10000"></textarea></label>
    <label><span><input type="checkbox" name="setMood"> Log my mood</span></label>
    <label>Mood, 1 to 10<input type="range" name="mood" min="1" max="10" step="1" value="{{moodDefault}}" list="mood-names"></label>
    <datalist id="mood-names">{{#moods}}<option value="{{value}}" label="{{name}}"></option>{{/moods}}</datalist>
    <p class="muted">{{#moods}}{{value}} {{name}} · {{/moods}}</p>
    <label>Labels, comma-separated<input name="tags" placeholder="work, family"></label>
    <button type="submit">Save</button>
    </form>{{/isToday}}
    <h2>Earlier</h2>
    <ul class="rows">{{#earlier}}<li><a href="{{href}}">{{date}}</a> <span>{{mood}}</span> <span class="muted">{{{line}}}</span></li>{{/earlier}}</ul>
    """

  static let insights = """
    <h1>Insights</h1>
    {{#empty}}<p>No insights yet. Add one with <code>vault add insight "…" --author "…"</code>.</p>{{/empty}}
    {{#insights}}<blockquote class="card"><p>{{text}}</p><footer class="muted">{{#author}}— {{author}}{{/author}}
    {{#source}}, {{source}}{{/source}} · <a href="{{href}}">{{title}}</a></footer></blockquote>{{/insights}}
    """

  static let align = """
    <h1>Align</h1>
    {{#empty}}<p>No personal code yet: write your principles as a list in <code>{{code}}</code>, one per item.</p>{{/empty}}
    {{#principle}}<p class="muted">Principle {{number}} of {{count}}</p>
    <blockquote class="card big">{{text}}</blockquote>
    <p class="nav-row"><a rel="prev" href="{{previous}}">← Previous</a> <a rel="next" href="{{next}}">Next →</a>
    <a href="{{href}}">The personal code</a></p>{{/principle}}
    """

  static let mood = """
    <h1>Mood</h1>
    {{#empty}}<p>No mood logged yet. Log one on the <a href="/journal">journal</a> page or with <code>vault mood 7</code>.</p>{{/empty}}
    {{^empty}}<p>Average over half a year: <strong>{{average}}</strong> / 10</p>
    <h2 id="weeks-heading">By week</h2>
    <div class="chart" role="list" aria-labelledby="weeks-heading">
    {{#weeks}}<div class="row" role="listitem"><span>{{label}}</span><span class="fill" style="{{style}}"></span><span>{{value}}</span></div>{{/weeks}}
    </div>
    <h2 id="months-heading">By month</h2>
    <div class="chart" role="list" aria-labelledby="months-heading">
    {{#months}}<div class="row" role="listitem"><span>{{label}}</span><span class="fill" style="{{style}}"></span><span>{{value}}</span></div>{{/months}}
    </div>
    {{#hasTags}}<h2>By label</h2><ul class="rows">{{#tags}}<li><span class="text">{{tag}}</span> <span>{{average}}</span>
    <span class="muted">{{days}} days</span></li>{{/tags}}</ul>{{/hasTags}}{{/empty}}
    """
}
