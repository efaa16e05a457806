// SPDX-License-Identifier: MIT
#include "EditReplay.h"

#include "core/edit/EditScript.h"
#include "core/interop/ScheduleInput.h"
#include "core/support/InputError.h"

namespace se {

void EditReplay::clear()
{
    m_edits.clear();
    m_schedules.clear();
    m_notes.clear();
    m_text.clear();
    m_name.clear();
}

bool EditReplay::sameBase(const PipelineRequest::Base &base) const
{
    using Kind = PipelineRequest::Base::Kind;
    if (m_schedules.empty() || base.kind != m_kind)
        return false;
    switch (base.kind) {
    case Kind::Original: return true;
    case Kind::Text: return base.text == m_text && base.name == m_name;
    // The cache holds the tree, so its address cannot be reused by another.
    case Kind::Tree: return base.tree && base.tree->get() == m_schedules.front().get();
    }
    return false;
}

void EditReplay::readBase(Analyzer &analyzer, const PipelineRequest::Base &base)
{
    using Kind = PipelineRequest::Base::Kind;
    clear(); // a base that does not read leaves nothing cached
    std::vector<std::string> notes;
    isl::schedule s;
    switch (base.kind) {
    case Kind::Original: s = analyzer.originalSchedule(); break;
    case Kind::Text: s = ScheduleInput::read(analyzer.model(), base.text, base.name, &notes); break;
    case Kind::Tree:
        if (!base.tree)
            throw std::logic_error("a tree base without its tree");
        s = *base.tree;
        break;
    }
    m_kind = base.kind;
    m_text = base.text;
    m_name = base.name;
    m_notes = std::move(notes);
    m_schedules.push_back(s);
}

EditReplay::Outcome EditReplay::replay(Analyzer &analyzer, const PipelineRequest &r)
{
    if (!sameBase(r.base))
        readBase(analyzer, r.base);
    Outcome out;
    out.notes = m_notes;
    if (r.lenientEdits) {
        // After the kernel changed on disk: keep the edits that still apply
        // (the cached prefix stays the strict log's).
        isl::schedule s = m_schedules.front();
        for (const Edit &e : r.edits) {
            try {
                s = QuotaScope::run(analyzer.context(), "applying an edit", [&] { return e.apply(s); });
                out.applied.push_back(e);
                out.steps.push_back(s);
            } catch (const InputError &) {
                out.dropped.push_back(e.describe());
            }
        }
        out.schedule = s;
        return out;
    }
    // Reuse the longest prefix of edits the last replay applied.
    std::size_t same = 0;
    while (same < r.edits.size() && same < m_edits.size() && r.edits[same] == m_edits[same])
        ++same;
    m_edits.resize(same);
    m_schedules.resize(same + 1);
    std::vector<isl::schedule> more;
    EditScript::apply(analyzer.context(), r.edits, m_schedules.back(), r.editsFile, &more, same);
    for (std::size_t k = 0; k < more.size(); ++k) {
        m_edits.push_back(r.edits[same + k]);
        m_schedules.push_back(more[k]);
    }
    out.schedule = m_schedules.back();
    if (m_schedules.size() >= 2)
        out.beforeLast = m_schedules[m_schedules.size() - 2];
    out.steps.assign(m_schedules.begin() + 1, m_schedules.end());
    out.applied = r.edits;
    return out;
}

} // namespace se
