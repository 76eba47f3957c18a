#include "ReportPage.h"

#include "release/BuildInfo.h"

#include <QDateTime>
#include <algorithm>
#include <cmath>

namespace bpat::cli {

namespace {

QString e(const QString &text)
{
    return text.toHtmlEscaped();
}

// Said in words and a symbol, with a colour on top (never the colour alone).
QString badge(const QString &kind)
{
    static const QList<QPair<QString, QString>> labels{
        {QStringLiteral("valid"), QStringLiteral("&#10004; valid")},
        {QStringLiteral("warnings"), QStringLiteral("&#9888; valid, with warnings")},
        {QStringLiteral("invalid"), QStringLiteral("&#10006; invalid")},
        {QStringLiteral("unreadable"), QStringLiteral("&#10006; unreadable")},
        {QStringLiteral("changed"), QStringLiteral("&#9998; changed")},
        {QStringLiteral("unchanged"), QStringLiteral("&#61; unchanged")},
        {QStringLiteral("added"), QStringLiteral("&#43; added")},
        {QStringLiteral("removed"), QStringLiteral("&#8722; removed")},
        {QStringLiteral("renamed"), QStringLiteral("&#8594; renamed")},
        {QStringLiteral("error"), QStringLiteral("&#10006; error")},
        {QStringLiteral("warning"), QStringLiteral("&#9888; warning")},
        {QStringLiteral("info"), QStringLiteral("&#8505; info")},
    };
    for (const auto &[key, label] : labels) {
        if (key == kind)
            return QStringLiteral("<span class=\"badge %1\">%2</span>").arg(key, label);
    }
    return QStringLiteral("<span class=\"badge\">%1</span>").arg(e(kind));
}

QString findingsList(const QList<ReportFinding> &findings)
{
    if (findings.isEmpty())
        return {};
    QString html = QStringLiteral("<ul class=\"findings\">\n");
    for (const ReportFinding &f : findings) {
        html += QStringLiteral("<li>%1 <code>%2</code> %3%4</li>\n")
                    .arg(badge(f.severity), e(f.code), e(f.message),
                         f.where.isEmpty() ? QString() : QStringLiteral(" <span class=\"where\">at %1</span>").arg(e(f.where)));
    }
    return html + QStringLiteral("</ul>\n");
}

QString figure(const ReportPicture &picture, const QString &caption, const QString &alt)
{
    if (picture.uri.isEmpty())
        return {};
    // At most its own size (no blur on a 4K screen), the column's width below that, and never
    // narrower than 34rem: on a phone the strip scrolls sideways inside its frame.
    return QStringLiteral("<figure><div class=\"strip\"><img src=\"%1\" alt=\"%2\" width=\"%3\" height=\"%4\" "
                          "style=\"max-width: %3px\"></div><figcaption>%5</figcaption></figure>\n")
        .arg(picture.uri, e(alt))
        .arg(picture.size.width())
        .arg(picture.size.height())
        .arg(e(caption));
}

QString plotSvg(const ReportPlot &plot)
{
    constexpr double width = 640, height = 200, left = 44, right = 70, top = 10, bottom = 24;
    double lo = INFINITY, hi = -INFINITY;
    qsizetype frames = 0;
    for (const ReportPlot::Series &series : plot.series) {
        frames = std::max(frames, series.values.size());
        for (const double v : series.values) {
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (!(lo <= hi) || frames < 2)
        return {};
    if (hi - lo < 1.0) { // at least a degree of range: flat curves stay flat
        lo -= 0.5;
        hi += 0.5;
    }
    const auto x = [&](qsizetype f) { return left + (width - left - right) * double(f) / double(frames - 1); };
    const auto y = [&](double v) { return top + (height - top - bottom) * (hi - v) / (hi - lo); };
    static const char *const colours[3] = {"#d9480f", "#2b8a3e", "#1864ab"};
    QString svg = QStringLiteral("<figure class=\"plot\"><svg viewBox=\"0 0 %1 %2\" role=\"img\" aria-label=\"%3\">\n")
                      .arg(width)
                      .arg(height)
                      .arg(e(plot.title));
    svg += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" class=\"frame\"/>\n")
               .arg(left)
               .arg(top)
               .arg(width - left - right)
               .arg(height - top - bottom);
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" class=\"tick\" text-anchor=\"end\">%3</text>"
                          "<text x=\"%1\" y=\"%4\" class=\"tick\" text-anchor=\"end\">%5</text>\n")
               .arg(left - 4)
               .arg(top + 10)
               .arg(QString::number(hi, 'f', 1))
               .arg(height - bottom)
               .arg(QString::number(lo, 'f', 1));
    svg += QStringLiteral("<text x=\"%1\" y=\"%2\" class=\"tick\">frame 0</text>"
                          "<text x=\"%3\" y=\"%2\" class=\"tick\" text-anchor=\"end\">%4</text>\n")
               .arg(left)
               .arg(height - 6)
               .arg(width - right)
               .arg(frames - 1);
    for (const ReportPlot::Series &series : plot.series) {
        QString points;
        qsizetype last = -1;
        for (qsizetype f = 0; f < series.values.size(); ++f) {
            if (!std::isfinite(series.values.at(f)))
                continue;
            points += QStringLiteral("%1,%2 ").arg(x(f), 0, 'f', 1).arg(y(series.values.at(f)), 0, 'f', 1);
            last = f;
        }
        if (last < 0)
            continue;
        svg += QStringLiteral(
                   "<polyline points=\"%1\" fill=\"none\" stroke=\"%2\" stroke-width=\"%3\"%4><title>%5</title></polyline>\n")
                   .arg(points.trimmed(), QLatin1String(colours[std::clamp(series.channel, 0, 2)]),
                        series.before ? QStringLiteral("1.5") : QStringLiteral("2"),
                        series.before ? QStringLiteral(" stroke-dasharray=\"5 4\"") : QString(), e(series.label));
        if (!series.before)
            svg += QStringLiteral("<text x=\"%1\" y=\"%2\" class=\"tick\" fill=\"%3\">%4</text>\n")
                       .arg(x(last) + 4)
                       .arg(y(series.values.at(last)) + 4)
                       .arg(QLatin1String(colours[std::clamp(series.channel, 0, 2)]), e(series.label));
    }
    return svg + QStringLiteral("</svg><figcaption>%1; dashed: before, solid: after</figcaption></figure>\n").arg(e(plot.title));
}

QString clipHtml(const ReportFile &file, const ReportClip &clip)
{
    QString html = QStringLiteral("<article class=\"clip\">\n<h3>%1 %2 <span class=\"summary\">%3</span></h3>\n")
                       .arg(e(clip.name), clip.status.isEmpty() ? QString() : badge(clip.status), e(clip.summary));
    if (!clip.changes.isEmpty()) {
        html += QStringLiteral("<ul class=\"changes\">\n");
        for (const QString &line : clip.changes)
            html += QStringLiteral("<li>%1</li>\n").arg(e(line));
        html += QStringLiteral("</ul>\n");
    }
    if (!clip.filmstripBefore.isEmpty() && !clip.filmstrip.isEmpty()) {
        html += QStringLiteral("<div class=\"pair\">\n");
        html +=
            figure(clip.filmstripBefore, QStringLiteral("before"), QStringLiteral("%1 before, in %2").arg(clip.name, file.path));
        html += figure(clip.filmstrip, QStringLiteral("after (the faint ghost is before)"),
                       QStringLiteral("%1 after, in %2, with the older version as a ghost").arg(clip.name, file.path));
        html += QStringLiteral("</div>\n");
    } else {
        html += figure(clip.filmstrip.isEmpty() ? clip.filmstripBefore : clip.filmstrip,
                       clip.status == QLatin1String("removed") ? QStringLiteral("before (removed)") : QString(),
                       QStringLiteral("%1 in %2").arg(clip.name, file.path));
    }
    for (const ReportPlot &plot : clip.plots)
        html += plotSvg(plot);
    if (!clip.gaitDelta.isEmpty()) {
        QString rows;
        int same = 0;
        for (const QStringList &row : clip.gaitDelta) {
            if (row.value(3) == QLatin1String("same")) {
                ++same;
                continue;
            }
            rows += QStringLiteral("<tr><th scope=\"row\">%1</th><td>%2</td><td>%3</td><td>%4</td></tr>\n")
                        .arg(e(row.value(0)), e(row.value(1)), e(row.value(2)), e(row.value(3)));
        }
        if (!rows.isEmpty())
            html += QStringLiteral(
                        "<table class=\"gait\"><caption>gait report: what changed</caption>\n<tr><th scope=\"col\">metric</th>"
                        "<th scope=\"col\">before</th><th scope=\"col\">after</th><th scope=\"col\">change</th></tr>\n")
                + rows + QStringLiteral("</table>\n");
        html += QStringLiteral("<p class=\"quiet\">%1</p>\n")
                    .arg(same == clip.gaitDelta.size() ? QStringLiteral("gait report: every metric is the same (%1)").arg(same)
                                                       : QStringLiteral("%1 other gait metrics are the same").arg(same));
    } else if (!clip.gait.isEmpty()) {
        html += QStringLiteral("<table class=\"gait\"><caption>gait report</caption>\n");
        for (const auto &[metric, value] : clip.gait)
            html += QStringLiteral("<tr><th scope=\"row\">%1</th><td>%2</td></tr>\n").arg(e(metric), e(value));
        html += QStringLiteral("</table>\n");
    }
    if (!clip.findings.isEmpty())
        html += QStringLiteral("<h4>motion findings</h4>\n") + findingsList(clip.findings);
    else if (clip.status != QLatin1String("removed"))
        html += QStringLiteral("<p class=\"quiet\">no motion findings</p>\n");
    return html + QStringLiteral("</article>\n");
}

const char *const kStyle = R"(
:root { color-scheme: light dark; --fg: #1d1f23; --bg: #fbfbfc; --muted: #5b606b; --line: #d4d7dd; --card: #ffffff;
  --ok: #1f7a3d; --warn: #8a5a00; --bad: #b3261e; --chg: #1f5fa8; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e7ea; --bg: #16181b; --muted: #a2a7b0; --line: #3a3e45;
  --card: #1f2226; --ok: #6fcf8f; --warn: #f0c060; --bad: #ff8a80; --chg: #8ab8ff; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 2400px; padding: 1rem clamp(0.5rem, 2vw, 2.5rem); font: 16px/1.45 system-ui, sans-serif;
  color: var(--fg); background: var(--bg); }
h1, h2, h3, li, dd { overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; } h2 { font-size: 1.25rem; margin: 0; } h3 { font-size: 1.05rem; margin: 0 0 0.5rem; }
h4 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; }
.notes, .quiet, .summary, .where, figcaption { color: var(--muted); font-size: 0.9rem; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
section.file { border: 1px solid var(--line); border-radius: 8px; background: var(--card); padding: 1rem; margin: 1rem 0; }
section.file > header { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: baseline; }
dl.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 0.25rem 1rem; margin: 0.75rem 0; }
dl.facts div { display: flex; gap: 0.5rem; } dt { color: var(--muted); } dd { margin: 0; font-weight: 600; }
article.clip { border-top: 1px solid var(--line); padding: 0.75rem 0; }
.badge { display: inline-block; border: 1.5px solid currentColor; border-radius: 999px; padding: 0 0.5rem; font-size: 0.85rem;
  font-weight: 600; white-space: nowrap; }
.badge.valid { color: var(--ok); } .badge.warnings, .badge.warning { color: var(--warn); }
.badge.invalid, .badge.unreadable, .badge.error, .badge.removed { color: var(--bad); }
.badge.changed, .badge.added, .badge.renamed { color: var(--chg); } .badge.info, .badge.unchanged { color: var(--muted); }
.badge.removed, .badge.invalid, .badge.unreadable { border-style: dashed; }
figure { margin: 0.5rem 0; min-width: 0; } .strip { overflow-x: auto; border-radius: 4px; border: 1px solid var(--line); }
.strip img { display: block; width: 100%; height: auto; min-width: 34rem; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 52rem), 1fr)); gap: 0.75rem; }
table.gait { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; display: block; overflow-x: auto; }
table.gait caption { text-align: left; color: var(--muted); } th, td { text-align: left; padding: 0.15rem 0.75rem 0.15rem 0;
  border-bottom: 1px solid var(--line); font-variant-numeric: tabular-nums; } th[scope=row] { font-weight: 500; }
ul.findings, ul.changes { padding-left: 1.25rem; margin: 0.25rem 0; } code { font-size: 0.85em; }
ul.unchanged { columns: 16rem; padding-left: 1.25rem; }
figure.plot svg { width: 100%; max-width: 640px; height: auto; display: block; }
svg .frame { fill: none; stroke: var(--line); } svg .tick { font-size: 11px; fill: var(--muted); }
@media (max-width: 600px) { body { font-size: 15px; } section.file { padding: 0.6rem; } }
)";

} // namespace

QString ReportPage::html(const QString &title, const QStringList &notes, const QList<ReportFile> &files)
{
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                                  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
                                  "style-src 'unsafe-inline'\">\n<title>%1</title>\n<style>%2</style>\n</head>\n<body>\n")
                       .arg(e(title), QString::fromLatin1(kStyle));
    html += QStringLiteral("<header>\n<h1>%1</h1>\n").arg(e(title));
    for (const QString &note : notes)
        html += QStringLiteral("<p class=\"notes\">%1</p>\n").arg(e(note));
    html += QStringLiteral("<p class=\"notes\">written by bpat %1 on %2</p>\n</header>\n")
                .arg(e(BuildInfo::describe()), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    html += QStringLiteral("<nav aria-label=\"files\"><ul>\n");
    for (qsizetype i = 0; i < files.size(); ++i) {
        const ReportFile &f = files.at(i);
        html += QStringLiteral("<li><a href=\"#file-%1\">%2</a> %3%4</li>\n")
                    .arg(i)
                    .arg(e(f.path), f.status.isEmpty() ? QString() : badge(f.status) + QLatin1Char(' '), badge(f.verdict));
    }
    html += QStringLiteral("</ul></nav>\n<main>\n");
    for (qsizetype i = 0; i < files.size(); ++i) {
        const ReportFile &f = files.at(i);
        html += QStringLiteral("<section class=\"file\" id=\"file-%1\">\n<header><h2>%2</h2> %3%4</header>\n")
                    .arg(i)
                    .arg(e(f.path), f.status.isEmpty() ? QString() : badge(f.status) + QLatin1Char(' '), badge(f.verdict));
        if (!f.facts.isEmpty()) {
            html += QStringLiteral("<dl class=\"facts\">\n");
            for (const auto &[name, value] : f.facts)
                html += QStringLiteral("<div><dt>%1</dt><dd>%2</dd></div>\n").arg(e(name), e(value));
            html += QStringLiteral("</dl>\n");
        }
        if (!f.gameVerdict.isEmpty())
            html += QStringLiteral("<p>The current game %1</p>\n").arg(e(f.gameVerdict));
        if (!f.findings.isEmpty())
            html += QStringLiteral("<h3>findings</h3>\n") + findingsList(f.findings);
        if (!f.changes.isEmpty()) {
            html += QStringLiteral("<h3>changes</h3>\n<ul class=\"changes\">\n");
            for (const QString &line : f.changes)
                html += QStringLiteral("<li>%1</li>\n").arg(e(line));
            html += QStringLiteral("</ul>\n");
        }
        if (!f.pictureNote.isEmpty())
            html += QStringLiteral("<p class=\"quiet\">%1</p>\n").arg(e(f.pictureNote));
        QStringList unchanged;
        for (const ReportClip &clip : f.clips) {
            if (clip.status == QLatin1String("unchanged"))
                unchanged << QStringLiteral("<li>%1 <span class=\"summary\">%2</span></li>").arg(e(clip.name), e(clip.summary));
            else
                html += clipHtml(f, clip);
        }
        if (!unchanged.isEmpty())
            html += QStringLiteral("<h3>%1 unchanged clip%2</h3>\n<ul class=\"unchanged\">\n%3\n</ul>\n")
                        .arg(unchanged.size())
                        .arg(unchanged.size() == 1 ? QString() : QStringLiteral("s"), unchanged.join(QLatin1Char('\n')));
        html += QStringLiteral("</section>\n");
    }
    return html + QStringLiteral("</main>\n</body>\n</html>\n");
}

} // namespace bpat::cli
