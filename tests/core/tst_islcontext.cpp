// SPDX-License-Identifier: MIT
// IslContext's abort: a stop asked for from another thread holds for the
// rest of the computation, whichever of its quota scopes it lands between,
// until the next computation starts (review of issue 12: a nest generation
// went on to its end when the stop came between two of its scopes).
#include "core/isl/IslContext.h"
#include "core/support/InputError.h"

#include <isl/cpp.h>

#include <QtTest>

using namespace se;

class tst_IslContext : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void abortHoldsAcrossScopes();
    void abortInsideAScope();
};

namespace {

// One unit of work in `ctx`: a small isl computation.
bool work(IslContext &ctx)
{
    return QuotaScope::run(ctx, "a test step", [&] {
        const isl::set s(ctx.ctx(), "{ [i] : 0 <= i < 10 }");
        return !s.is_empty();
    });
}

} // namespace

void tst_IslContext::abortHoldsAcrossScopes()
{
    IslContext ctx;
    QVERIFY(work(ctx));
    ctx.abort(); // lands between two scopes
    QVERIFY_THROWS_EXCEPTION(CancelledError, work(ctx));
    QVERIFY_THROWS_EXCEPTION(CancelledError, work(ctx)); // and stays
    QVERIFY(ctx.aborted());
    ctx.clearAbort(); // the next computation
    QVERIFY(work(ctx));
}

void tst_IslContext::abortInsideAScope()
{
    IslContext ctx;
    QVERIFY_THROWS_EXCEPTION(CancelledError, QuotaScope::run(ctx, "a test step", [&] {
                                 ctx.abort();
                                 const isl::set s(ctx.ctx(), "{ [i, j] : 0 <= i < 10 and 0 <= j < i }");
                                 return s.lexmin().is_empty();
                             }));
    QVERIFY_THROWS_EXCEPTION(CancelledError, work(ctx));
    ctx.clearAbort();
    QVERIFY(work(ctx));
}

QTEST_GUILESS_MAIN(tst_IslContext)
#include "tst_islcontext.moc"
