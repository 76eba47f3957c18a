#pragma once
// The Curves tab as a graph editor of the open BPAT: keeps the panel's bone curves
// (BoneCurveSet) in step with the StudioContext. The current clip's local channels are built
// again when the file, the clip or the rotation choice changes (only while the tab is shown:
// a hidden tab is brought up to date when it is next shown); the bones selected anywhere
// (viewport, Palette panel) are plotted; the plot's cursor is the current frame, and dragging
// it moves the timeline. The panel shows the recording instead while the timeline plays one.
#include "plot/BoneCurveSet.h"

#include <QObject>
#include <functional>
#include <memory>

namespace bpat::studio {

class CurvesPanel;
class StudioContext;

class BoneCurvesLink : public QObject
{
    Q_OBJECT
public:
    BoneCurvesLink(StudioContext *context, CurvesPanel *panel, QObject *parent = nullptr);

    // Builds the bone curves now if they are out of date (tests, screenshots).
    void refresh();
    // How many times the curves were built (tests: a hidden tab builds nothing).
    int builds() const { return m_builds; }
    // The bone curves of a clip of `file` with the open document's bone names and parents (the
    // offset keys' dimmed originals are a set of the file before the keys).
    std::shared_ptr<const BoneCurveSet> makeSet(const bpat::BpatFile &file, int clip, const BoneCurveSet::Options &options) const;
    // Changes the options each build takes from the panel (OffsetKeysLink: the keyed bones'
    // rotations unwrapped toward their originals).
    void setOptionsHook(std::function<void(BoneCurveSet::Options &)> hook) { m_optionsHook = std::move(hook); }
    // The file's matrices moved for `bones` of the shown clip only (a key dragged): their curves
    // are read again and redrawn in place (BoneCurveSet::refreshed), not every bone's; a whole
    // build when the curves are out of date or would not be the same ones.
    void refreshBones(const QList<int> &bones);
    // How many times only some bones were read again (tests: a drag's moves).
    int partialBuilds() const { return m_partialBuilds; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void invalidate();
    void rebuild();
    QList<int> parents() const; // the open document's, in palette order

    StudioContext *m_context;
    CurvesPanel *m_panel;
    bool m_dirty = true;
    bool m_selectionPending = false; // bones selected while the curves were out of date
    int m_builds = 0;
    int m_partialBuilds = 0;
    int m_builtClip = -1;              // what the curves were last built of: the clip and
    const char *m_builtData = nullptr; // the file's bytes
    std::function<void(BoneCurveSet::Options &)> m_optionsHook;
};

} // namespace bpat::studio
