// LayoutBar: sections big enough to show their share are exactly proportional to their bytes
// (the palette of the real humanoid is 73 % of the file and 2.67 times its socket data; the
// bar used to add a fixed minimum to every section, so seven blocks came out near-equal), small
// ones keep a clickable minimum width, and the bar asks for room for all of them.
#include "bpat/BpatFile.h"
#include "TestPaths.h"
#include "bpat/SectionLayout.h"
#include "widgets/LayoutBar.h"

#include <QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_LayoutBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void proportionalWithMinimum();
};

void tst_LayoutBar::proportionalWithMinimum()
{
    const QString relative = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
    BPAT_REQUIRE_SHARED(relative);
    const auto file = BpatFile::open(testpaths::shared(relative));
    QVERIFY(file);
    LayoutBar bar;
    bar.setLayoutData(SectionLayout::of(*file));
    const auto &sections = bar.layoutData().sections();
    QVERIFY(sections.size() >= 5);
    QVERIFY(bar.minimumSizeHint().width() >= int(sections.size()) * LayoutBar::MinSectionWidth);
    for (int width : {bar.minimumSizeHint().width(), 600, 1200}) {
        bar.resize(width, bar.sizeHint().height());
        const auto spans = bar.sectionSpans();
        QCOMPARE(spans.size(), sections.size());
        int palette = -1, socketData = -1;
        for (int i = 0; i < sections.size(); ++i) {
            QVERIFY2(spans.at(i).second - spans.at(i).first >= LayoutBar::MinSectionWidth - 1, qPrintable(sections.at(i).name));
            if (sections.at(i).kind == LayoutSection::Kind::Palette)
                palette = i;
            if (sections.at(i).kind == LayoutSection::Kind::SocketData)
                socketData = i;
        }
        QVERIFY(palette >= 0 && socketData >= 0);
        const double pixelRatio = double(spans.at(palette).second - spans.at(palette).first)
            / double(spans.at(socketData).second - spans.at(socketData).first);
        const double byteRatio = double(sections.at(palette).size) / double(sections.at(socketData).size);
        QVERIFY2(std::abs(pixelRatio / byteRatio - 1.0) < 0.05,
                 qPrintable(QStringLiteral("width %1: palette/socket data %2 px ratio, %3 bytes ratio")
                                .arg(width)
                                .arg(pixelRatio)
                                .arg(byteRatio)));
        QVERIFY(spans.last().second <= width);
    }
}

QTEST_MAIN(tst_LayoutBar)
#include "tst_LayoutBar.moc"
