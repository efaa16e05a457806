/* SPDX-License-Identifier: MIT */
/* PolyBench/C 4.2.1 trisolv: a triangular loop nest. */
void kernel_trisolv(int n, double L[n][n], double x[n], double b[n])
{
    for (int i = 0; i < n; i++) {
        x[i] = b[i];
        for (int j = 0; j < i; j++)
            x[i] -= L[i][j] * x[j];
        x[i] = x[i] / L[i][i];
    }
}
