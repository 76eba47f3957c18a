#include "sections/SectionedData.h"

#include <cstring>

namespace bpat {

bool SectionedData::readHeaderStart(const char (&expected)[4], quint64 headerSize, std::array<char, 4> &magic)
{
    if (size < headerSize)
        return false;
    hasHeader = true;
    std::memcpy(magic.data(), bytes, magic.size());
    hasMagic = std::memcmp(magic.data(), expected, magic.size()) == 0;
    return true;
}

} // namespace bpat
