// SPDX-License-Identifier: MIT
// KernelText::withBufferNames: the analysis names `<buffer>_alloc`, people
// read the kernel's buffer names. Rows on the sample kernel with two
// buffers (SB, PS), each shared by several tensors.
#include "core/model/KernelLoader.h"
#include "widgets/common/KernelText.h"

#include <QtTest>

using namespace se;

class tst_KernelText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void withBufferNames_data();
    void withBufferNames();
    void withoutKernel();
};

void tst_KernelText::withBufferNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");
    QTest::newRow("a violation on an allocation")
        << "WAR violation on tensor: SB_alloc: s1 reads (SB_alloc[0, 16]) before s2 writes it"
        << "WAR violation on buffer SB: s1 reads (SB[0, 16]) before s2 writes it";
    QTest::newRow("two buffers") << "SB_alloc[p, 4 + f] -> PS_alloc[0, 1]"
                                 << "SB[p, 4 + f] -> PS[0, 1]";
    QTest::newRow("no allocation") << "RAW violation on tensor: C: s3 (C[0, 1])"
                                   << "RAW violation on tensor: C: s3 (C[0, 1])";
    QTest::newRow("a longer name is another name") << "XSB_alloc[0] and SB_allocs"
                                                   << "XSB_alloc[0] and SB_allocs";
    QTest::newRow("at both ends, next to punctuation") << "SB_alloc(SB_alloc,SB_alloc"
                                                       << "SB(SB,SB";
    QTest::newRow("next to a word character") << "SB_alloc1 _SB_alloc SB_alloc_ 2SB_alloc"
                                              << "SB_alloc1 _SB_alloc SB_alloc_ 2SB_alloc";
    QTest::newRow("next to a letter beyond ASCII") << "\u00e9SB_alloc SB_alloc\u2192"
                                                   << "\u00e9SB SB\u2192";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_KernelText::withBufferNames()
{
    QFETCH(QString, text);
    QFETCH(QString, shown);
    const KernelPtr k = KernelLoader::loadFile(SE_SOURCE_DIR "/sample-kernels/tiled_matmul_sbuf_psum.json");
    QCOMPARE(KernelText::withBufferNames(k.get(), text.toStdString()), shown);
    // Asked again: the same text.
    QCOMPARE(KernelText::withBufferNames(k.get(), text.toStdString()), shown);
}

void tst_KernelText::withoutKernel()
{
    QCOMPARE(KernelText::withBufferNames(nullptr, "on tensor: SB_alloc: x"), QStringLiteral("on tensor: SB_alloc: x"));
}

QTEST_MAIN(tst_KernelText)
#include "tst_kerneltext.moc"
