/* SPDX-License-Identifier: MIT */
/* Strides, a modulo guard and a scalar: the domains carry existentials. */
void kernel_strided_guard(int tsteps, int n, double A[n], double B[n], double s)
{
    for (int t = 0; t < tsteps; t++) {
        for (int i = 1; i < n; i += 3)
            if (i % 2 == 0)
                A[i] = A[i - 1] + s;
        for (int i = 0; i < n; i += 2)
            if (i > 4)
                B[i / 2] = A[i] * 2 + B[i / 2 + 1];
    }
}
