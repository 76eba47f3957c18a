#pragma once
// What every table entry of a file read in place has (BPAT clips and sockets, BPSM clips): its
// place in the file and its name, which each entry starts with (u32 name_offset, u32
// name_length into the string table), and why that name could (not) be resolved. MappedFile
// reads them (readEntry, readName); the formats' readers extend TableEntry with their fields.
#include <QString>
#include <QtGlobal>

namespace bpat {

// Why a clip or socket name could (not) be resolved.
enum class NameStatus {
    Ok,
    OutOfStringTable, // name_offset + name_length + 1 > string_table_size, or table not in file
    NotTerminated,    // the byte after the name is not NUL
    NotUtf8,          // resolved, but not valid UTF-8 (name holds a lossy decode)
};

struct TableEntry
{
    int index = 0;
    QString name; // decoded name (empty when not resolved)
    quint32 nameOffset = 0;
    quint32 nameLength = 0;
    quint64 entryOffset = 0; // byte offset of this entry in the file
    NameStatus nameStatus = NameStatus::Ok;

    bool nameValid() const { return nameStatus == NameStatus::Ok; }
};

} // namespace bpat
