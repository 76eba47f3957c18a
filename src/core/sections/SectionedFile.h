#pragma once
// The handle every reader of a sectioned file shares (BprmFile, BpsmFile): a cheap copy that
// shares one SectionedData (one mapping), with what every kind answers the same way: its path,
// size and bytes, whether a read found it shrunk, whether it holds the header and magic. A null
// handle answers empty. The kinds add their header, sections and records.
#include "sections/SectionedData.h"

#include <QByteArrayView>
#include <QString>
#include <memory>

namespace bpat {

class SectionedFile
{
public:
    bool isNull() const { return !m_data; }
    QString path() const;
    quint64 fileSize() const;
    QByteArrayView bytes() const;
    // True once a read of the mapping found the file shrunk underneath (see BpatFile::isStale).
    bool isStale() const;
    // The mapped pages of [offset, offset + size) leave the resident set (MappedFile::release):
    // a pass over a large file keeps memory flat.
    void releasePages(quint64 offset, quint64 size) const;
    bool hasHeader() const; // false when shorter than the kind's header
    bool hasMagic() const;

protected:
    SectionedFile() = default;
    explicit SectionedFile(std::shared_ptr<const SectionedData> data)
        : m_data(std::move(data))
    {
    }
    // The kind's own Data (derived from SectionedData), nullptr for a null handle.
    template<typename Data> const Data *dataAs() const { return static_cast<const Data *>(m_data.get()); }

private:
    std::shared_ptr<const SectionedData> m_data;
};

} // namespace bpat
