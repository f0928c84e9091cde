// legalcite check report: filters, pagination and citation details over the JSON data block.
// Every value from the data is put into the page with textContent or as a DOM property, never as HTML.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("report-data").textContent);
  var KNOWN = Object.create(null);  // maps without a prototype: a status named "__proto__" is just a string
  DATA.known.forEach(function (s) { KNOWN[s] = true; });
  var answers = DATA.answers;
  var pageSize = DATA.pageSize || 50;
  var state = { page: 0, rows: answers, pinned: null };
  var list = document.getElementById("list");
  var tip = document.getElementById("tip");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function stClass(s) { return KNOWN[s] === true ? "st-" + s : "st-other"; }
  // One mark may carry several citations (same span): it takes the colour of the most serious status.
  var SEVERITY = ["invented", "misattributed", "repealed", "not_findable", "not_checked", "real"];
  function worst(cs) {
    var best = cs[0].status, rank = SEVERITY.indexOf(best);
    cs.forEach(function (c) {
      var r = SEVERITY.indexOf(c.status);
      if (r >= 0 && (rank < 0 || r < rank)) { best = c.status; rank = r; }
    });
    return best;
  }
  function safeHref(u) {
    if (typeof u !== "string") return null;
    try {
      var p = new URL(u);
      return (p.protocol === "http:" || p.protocol === "https:") ? p.href : null;
    } catch (e) { return null; }
  }
  function checked(kind) {
    var out = Object.create(null);
    document.querySelectorAll('input[data-filter="' + kind + '"]').forEach(function (b) {
      if (b.checked) out[b.value] = true;
    });
    return out;
  }
  function readFilters() {
    return {
      status: checked("status"),
      jur: checked("jurisdiction"),
      nocite: document.getElementById("f-nocite").checked,
      key: document.getElementById("f-key").value.trim().toLowerCase(),
      sort: document.getElementById("f-sort").value
    };
  }
  function citeMatches(c, f) {
    return f.status[c.status] === true && f.jur[c.jurisdiction] === true &&
      (!f.key || (c.key || "").toLowerCase().indexOf(f.key) >= 0);
  }
  function answerMatches(a, f) {
    if (!a.citations.length) return f.nocite && !f.key;
    for (var i = 0; i < a.citations.length; i++) if (citeMatches(a.citations[i], f)) return true;
    return false;
  }
  function apply() {
    var f = readFilters();
    state.filters = f;
    var rows = answers.filter(function (a) { return answerMatches(a, f); });
    if (f.sort === "deduction") rows.sort(function (a, b) { return b.deduction - a.deduction; });
    else if (f.sort === "citations") rows.sort(function (a, b) { return b.citations.length - a.citations.length; });
    state.rows = rows;  // Array.prototype.sort is stable: ties keep input order
    state.page = 0;
    render();
  }

  function pager(nav) {
    nav.textContent = "";
    var pages = Math.max(1, Math.ceil(state.rows.length / pageSize));
    function btn(label, to, disabled) {
      var b = el("button", null, label);
      b.type = "button";
      b.disabled = disabled;
      b.addEventListener("click", function () { state.page = to; render(); list.scrollIntoView(); });
      return b;
    }
    nav.appendChild(btn("« first", 0, state.page === 0));
    nav.appendChild(btn("‹ prev", state.page - 1, state.page === 0));
    var info = el("span", "page-info", "page " + (state.page + 1) + " of " + pages);
    nav.appendChild(info);
    nav.appendChild(btn("next ›", state.page + 1, state.page >= pages - 1));
    nav.appendChild(btn("last »", pages - 1, state.page >= pages - 1));
  }

  // The Markdown of an answer, read in Python (legalcite/report/markdown.py): a segment's styles become elements
  // around its text node or mark, built by DOM calls like everything else.
  var STYLE_TAG = { b: "strong", i: "em", code: "code", pre: "code" };
  function styled(node, styles) {
    if (typeof styles !== "string" || !styles) return node;
    styles.split(" ").reverse().forEach(function (s) {
      var head = /^h[1-6]$/.test(s);
      if (!head && !Object.prototype.hasOwnProperty.call(STYLE_TAG, s)) return;
      var w = el(head ? "strong" : STYLE_TAG[s], "md-" + s);
      w.appendChild(node);
      node = w;
    });
    return node;
  }

  function answerNode(a, f) {
    var art = el("article", "answer");
    art.dataset.line = a.line === null ? "" : String(a.line);
    var h = el("header");
    h.appendChild(el("span", "line", "line " + (a.line === null ? "?" : a.line)));
    if (a.id !== null) h.appendChild(el("span", "id", "id " + a.id));
    if (a.model !== null) h.appendChild(el("span", "model", "model " + a.model));
    h.appendChild(el("span", "ded" + (a.deduction > 0 ? " pos" : ""), "LexAssay deduction " + a.deduction));
    h.appendChild(el("span", "n", a.citations.length + " citation" + (a.citations.length === 1 ? "" : "s")));
    art.appendChild(h);
    if (a.segments) {
      var t = el("div", "text");
      a.segments.forEach(function (seg) {
        var node;
        if (!seg[1].length) node = document.createTextNode(seg[0]);
        else {
          var cs = seg[1].map(function (i) { return a.citations[i]; });
          node = el("mark", stClass(worst(cs)), seg[0]);
          node.tabIndex = 0;
          if (!cs.some(function (c) { return citeMatches(c, f); })) node.classList.add("dim");
          node.citations = cs;
        }
        t.appendChild(styled(node, seg[2]));
      });
      art.appendChild(t);
    } else {
      art.appendChild(el("p", "muted", "(answer text not in the check output; run the check with the answer text, or `legalcite report --answers FILE`)"));
    }
    if (a.citations.length) {
      var ul = el("ul", "cites");
      a.citations.forEach(function (c) {
        var li = el("li");
        li.appendChild(el("span", "badge " + stClass(c.status), c.status));
        if (c.confirmed === false) li.appendChild(el("span", "badge unconfirmed", "unconfirmed: not deducted"));
        if (c.confirmed === true) li.appendChild(el("span", "badge confirmed", "confirmed"));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("code", null, c.key));
        if (c.text) li.appendChild(document.createTextNode(" — " + c.text));
        if (!citeMatches(c, f)) li.classList.add("dim");
        li.tabIndex = 0;
        li.citations = [c];
        ul.appendChild(li);
      });
      art.appendChild(ul);
    }
    return art;
  }

  function render() {
    hideTip(true);
    var f = state.filters || readFilters();
    var start = state.page * pageSize;
    var frag = document.createDocumentFragment();
    state.rows.slice(start, start + pageSize).forEach(function (a) { frag.appendChild(answerNode(a, f)); });
    list.textContent = "";
    list.appendChild(frag);
    document.getElementById("shown").textContent = state.rows.length + " of " + answers.length +
      " answers match" + (state.rows.length ? "; showing " + (start + 1) + "–" +
      Math.min(start + pageSize, state.rows.length) : "");
    pager(document.getElementById("pager-top"));
    pager(document.getElementById("pager-bottom"));
  }

  // ---- details of one citation
  function row(dl, name, value) {
    if (value === null || value === undefined || value === "") return;
    dl.appendChild(el("dt", null, name));
    var dd = el("dd");
    if (value instanceof Node) dd.appendChild(value); else dd.textContent = String(value);
    dl.appendChild(dd);
  }
  function evidenceNode(evs) {
    if (!evs || !evs.length) return null;
    var ul = el("ul");
    evs.forEach(function (ev) {
      var li = el("li");
      li.appendChild(el("span", null, ev.source || "(source unknown)"));
      if (ev.key) li.appendChild(el("code", null, " " + ev.key));
      if (ev.snapshot) li.appendChild(el("span", "muted", " · " + ev.snapshot));
      if (ev.url) {
        li.appendChild(document.createTextNode(" · "));
        var href = ev.href ? safeHref(ev.href) : null;
        if (href) {
          var a = el("a", "url", ev.url);
          a.href = href; a.target = "_blank"; a.rel = "noopener noreferrer";
          li.appendChild(a);
        } else {
          li.appendChild(el("span", "url unsafe", ev.url));
        }
      }
      if (ev.details) li.appendChild(el("pre", null, JSON.stringify(ev.details, null, 1)));
      ul.appendChild(li);
    });
    return ul;
  }
  function showTip(target, pin) {
    var cs = target.citations;
    if (!cs || !cs.length) return;
    tip.textContent = "";
    tip.className = stClass(worst(cs));
    var close = el("button", "close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "close");
    close.addEventListener("click", function () { hideTip(true); });
    tip.appendChild(close);
    cs.forEach(function (c, i) {
      if (i) tip.appendChild(el("hr"));
      var dl = el("dl");
      row(dl, "status", c.status);
      row(dl, "confirmed", c.confirmed === true ? "yes: two independent signals agree (deducted)" :
        c.confirmed === false ? "no: one signal only (not deducted by default)" : null);
      row(dl, "key", c.key);
      row(dl, "checked", c.checked_key !== c.key ?
        (c.checked_as && c.checked_as !== c.checked_key ? c.checked_as + " (" + c.checked_key + ")" : c.checked_key) : null);
      row(dl, "text", c.text);
      row(dl, "jurisdiction", c.jurisdiction);
      row(dl, "kind", c.kind);
      row(dl, "reason", c.reason);
      row(dl, "evidence", evidenceNode(c.evidence));
      tip.appendChild(dl);
    });
    tip.hidden = false;
    var r = target.getBoundingClientRect();
    var left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 8));
    tip.style.left = left + "px";
    tip.style.top = (window.scrollY + r.bottom + 6) + "px";
    state.pinned = pin ? target : null;
  }
  function hideTip(force) {
    if (state.pinned && !force) return;
    state.pinned = null;
    tip.hidden = true;
  }
  function citeTarget(e) {
    var t = e.target;
    while (t && t !== list) { if (t.citations) return t; t = t.parentNode; }
    return null;
  }
  list.addEventListener("mouseover", function (e) { var t = citeTarget(e); if (t && !state.pinned) showTip(t, false); });
  list.addEventListener("mouseout", function (e) { if (citeTarget(e)) hideTip(false); });
  list.addEventListener("click", function (e) {
    var t = citeTarget(e);
    if (t) { if (state.pinned === t) hideTip(true); else showTip(t, true); }
  });
  list.addEventListener("focusin", function (e) { var t = citeTarget(e); if (t && !state.pinned) showTip(t, false); });
  list.addEventListener("keydown", function (e) {
    var t = citeTarget(e);
    if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); showTip(t, true); }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") hideTip(true); });
  document.addEventListener("click", function (e) {
    if (state.pinned && !tip.contains(e.target) && !citeTarget(e)) hideTip(true);
  });

  var form = document.getElementById("filters");
  // the filter bar's height, so that what the pager or a focused citation scrolls to lands below it (report.css)
  function barHeight() { document.documentElement.style.setProperty("--bar", form.offsetHeight + "px"); }
  window.addEventListener("resize", barHeight);
  barHeight();
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  document.getElementById("f-key").addEventListener("input", apply);
  apply();
  document.body.dataset.ready = "1";
}());
