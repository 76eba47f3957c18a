#include "sections/SectionedFile.h"

namespace bpat {

QString SectionedFile::path() const
{
    return m_data ? m_data->path : QString();
}
quint64 SectionedFile::fileSize() const
{
    return m_data ? m_data->size : 0;
}
QByteArrayView SectionedFile::bytes() const
{
    return m_data ? m_data->view() : QByteArrayView();
}
bool SectionedFile::isStale() const
{
    return m_data && m_data->isStale();
}
void SectionedFile::releasePages(quint64 offset, quint64 size) const
{
    if (m_data)
        m_data->release(offset, size);
}
bool SectionedFile::hasHeader() const
{
    return m_data && m_data->hasHeader;
}
bool SectionedFile::hasMagic() const
{
    return m_data && m_data->hasHeader && m_data->hasMagic;
}

} // namespace bpat
