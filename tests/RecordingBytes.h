#pragma once
// Builds `.bin` input animation bytes field by field, independently of InputAnimationWriter,
// so reader tests do not trust the writer (and writer tests can compare against it).
#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QtEndian>
#include <utility>

namespace animbytes {

struct Key
{
    float time, value, inTangent = 0, outTangent = 0, inWeight = 0, outWeight = 0;
    qint32 mode = 3;
};

class Builder
{
public:
    Builder &i32(qint32 v)
    {
        char b[4];
        qToLittleEndian(v, b);
        m_bytes.append(b, 4);
        return *this;
    }
    Builder &f32(float v)
    {
        char b[4];
        qToLittleEndian(v, b);
        m_bytes.append(b, 4);
        return *this;
    }
    Builder &u8(quint8 v)
    {
        m_bytes.append(char(v));
        return *this;
    }
    Builder &raw(const QByteArray &b)
    {
        m_bytes.append(b);
        return *this;
    }
    Builder &header(qint32 major, qint32 minor)
    {
        const char magic[8] = {'\xc6', '\x42', '\x9e', '\x0f', '\x6e', '\xaf', '\x8f', '\x6a'};
        m_bytes.append(magic, 8);
        return i32(major).i32(minor);
    }
    // A float curve; simple = 1.1 layout (time and value only).
    Builder &floatCurve(const QList<Key> &keys, bool simple, qint32 pre = 8, qint32 post = 8)
    {
        i32(pre).i32(post).i32(qint32(keys.size()));
        for (const Key &k : keys) {
            f32(k.time).f32(k.value);
            if (!simple)
                f32(k.inTangent).f32(k.outTangent).f32(k.inWeight).f32(k.outWeight).i32(k.mode);
        }
        return *this;
    }
    Builder &emptyCurves(int count) // same bytes for float and bool curves, either version
    {
        for (int i = 0; i < count; ++i)
            i32(8).i32(8).i32(0);
        return *this;
    }
    Builder &boolCurve(const QList<std::pair<float, float>> &keys, qint32 pre = 8, qint32 post = 8)
    {
        i32(pre).i32(post).i32(qint32(keys.size()));
        for (const auto &k : keys)
            f32(k.first).f32(k.second);
        return *this;
    }
    Builder &string(const QByteArray &utf8) // .NET BinaryWriter string: 7-bit length prefix
    {
        quint32 n = quint32(utf8.size());
        do {
            const quint8 low = n & 0x7f;
            n >>= 7;
            u8(n ? (low | 0x80) : low);
        } while (n);
        return raw(utf8);
    }
    Builder &markers(const QList<std::pair<float, QString>> &list)
    {
        i32(qint32(list.size()));
        for (const auto &m : list)
            f32(m.first).string(m.second.toUtf8());
        return *this;
    }
    qsizetype size() const { return m_bytes.size(); }
    const QByteArray &bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
};

// A complete 1.0 file whose curves are all empty except the float curves given (by index in
// file order: 7 camera, 4 bool, 378 joint curves), with `markerCount` in the marker count.
inline QByteArray file10(const QMap<int, QList<Key>> &floatCurves = {}, int markerCount = 0)
{
    Builder b;
    b.header(1, 0);
    const int total = 7 + 4 + 378;
    for (int i = 0; i < total; ++i) {
        if (floatCurves.contains(i))
            b.floatCurve(floatCurves.value(i), false);
        else
            b.emptyCurves(1);
    }
    b.i32(markerCount);
    return b.bytes();
}

// Curves per section, in file order.
constexpr int CameraCurves = 7;
constexpr int HandBoolCurves = 4;
constexpr int JointCurves = 2 * 27 * 7;
constexpr int EyeGazeCurves = 6;

} // namespace animbytes
