// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace se {

/// A vector whose copies share one buffer until one of them is changed
/// (copy on write). A check report's dependence edges are the same for
/// every schedule of a kernel: 11,360 of them on tiled_matmul_64, which the
/// report, the app's verdict and its snapshots each copied whole.
/// Reading through a const object never copies; a non-const access copies
/// first when the buffer is shared, so a change never shows in another copy.
template <typename T> class SharedVector {
public:
    using value_type = T;
    using const_iterator = typename std::vector<T>::const_iterator;
    using iterator = typename std::vector<T>::iterator;

    SharedVector() = default;
    SharedVector(std::vector<T> items) // NOLINT: implicit, as the vector it stands for
        : m_items(std::make_shared<std::vector<T>>(std::move(items)))
    {
    }

    std::size_t size() const { return items().size(); }
    bool empty() const { return items().empty(); }
    const T &operator[](std::size_t k) const { return items()[k]; }
    const T &at(std::size_t k) const { return items().at(k); }
    const_iterator begin() const { return items().begin(); }
    const_iterator end() const { return items().end(); }
    const std::vector<T> &vector() const { return items(); }

    T &operator[](std::size_t k) { return own()[k]; }
    iterator begin() { return own().begin(); }
    iterator end() { return own().end(); }
    void push_back(T item) { own().push_back(std::move(item)); }

    /// Whether both share one buffer (a test of the sharing itself).
    bool sharesWith(const SharedVector &other) const { return m_items && m_items == other.m_items; }

private:
    const std::vector<T> &items() const
    {
        static const std::vector<T> none;
        return m_items ? *m_items : none;
    }
    std::vector<T> &own()
    {
        if (!m_items)
            m_items = std::make_shared<std::vector<T>>();
        else if (m_items.use_count() > 1)
            m_items = std::make_shared<std::vector<T>>(*m_items);
        return *m_items;
    }

    std::shared_ptr<std::vector<T>> m_items;
};

} // namespace se
