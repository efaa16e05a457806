/* SPDX-License-Identifier: MIT */
/*
 * The plain-isl legality loop that a user without Schedule Explorer would
 * write (islpy style, here in C over libisl 0.25): the reference column of
 * bench/bench_serve.py.
 *
 *   cc -O2 bench/isl_reference_loop.c -lisl -o isl_reference_loop
 *
 * stdin, one item per line:
 *   1. the kernel's dependences as one isl union map, { s0[..] -> s1[..] : ... }
 *      (bench_serve.py unites the "relation" of every edge of
 *      `schedule-tool deps KERNEL --json`);
 *   2. the parameter values as an isl set, [N, T] -> { : N = 10 and T = 4 }
 *      ("{ : }" when the kernel has none);
 *   3. then requests, one per line: a candidate schedule as an isl union map,
 *      or a schedule tree in isl's YAML written on one line (flow style,
 *      isl_schedule_read_from_str).
 *
 * stdout: one line per request, flushed: 1 when every dependence goes
 * strictly forward under the candidate, 0 when one does not, E when the
 * request could not be read. Violated pairs are
 *   deps ∩ (S ; lex_ge ; S^-1)  =  { a -> b in deps : S(a) >=lex S(b) },
 * computed by carrying each dependence into schedule time (apply_domain and
 * apply_range with S) and intersecting with lex_ge of the schedule space.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>

/* Stops the walk (returns isl_stat_error with *found set) at the first map
 * of schedule-time dependence pairs that meets lex_ge. */
static isl_stat find_backward(isl_map *timed, void *user)
{
    int *found = user;
    isl_space *space = isl_space_domain(isl_map_get_space(timed));
    isl_map *bad;
    isl_bool empty;

    if (isl_map_dim(timed, isl_dim_in) != isl_map_dim(timed, isl_dim_out)) {
        /* Schedules of different depth: compare on the common prefix is not
         * what isl does; the candidates here always share one space. */
        isl_space_free(space);
        isl_map_free(timed);
        *found = -1;
        return isl_stat_error;
    }
    bad = isl_map_intersect(timed, isl_map_lex_ge(space));
    empty = isl_map_is_empty(bad);
    isl_map_free(bad);
    if (empty < 0) {
        *found = -1;
        return isl_stat_error;
    }
    if (!empty) {
        *found = 1;
        return isl_stat_error;
    }
    return isl_stat_ok;
}

/* 1 legal, 0 illegal, -1 error. Takes S. */
static int legal(isl_union_map *deps, isl_set *context, isl_union_map *S)
{
    isl_union_map *timed;
    int found = 0;

    if (!S)
        return -1;
    S = isl_union_map_intersect_params(S, isl_set_copy(context));
    timed = isl_union_map_apply_domain(isl_union_map_copy(deps), isl_union_map_copy(S));
    timed = isl_union_map_apply_range(timed, S);
    if (!timed)
        return -1;
    isl_union_map_foreach_map(timed, &find_backward, &found);
    isl_union_map_free(timed);
    return found < 0 ? -1 : !found;
}

static void chomp(char *line)
{
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
}

int main(void)
{
    isl_ctx *ctx = isl_ctx_alloc();
    char *line = NULL;
    size_t cap = 0;
    isl_union_map *deps;
    isl_set *context;

    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
    if (getline(&line, &cap, stdin) < 0)
        return 2;
    chomp(line);
    deps = isl_union_map_read_from_str(ctx, line);
    if (getline(&line, &cap, stdin) < 0)
        return 2;
    chomp(line);
    context = isl_set_read_from_str(ctx, line);
    if (!deps || !context) {
        fprintf(stderr, "isl_reference_loop: cannot read the dependences or the parameter values\n");
        return 2;
    }
    while (getline(&line, &cap, stdin) >= 0) {
        isl_union_map *S;
        int ok;

        chomp(line);
        if (!*line)
            continue;
        if (strstr(line, "domain:")) {
            isl_schedule *tree = isl_schedule_read_from_str(ctx, line);
            S = tree ? isl_schedule_get_map(tree) : NULL;
            isl_schedule_free(tree);
        } else {
            S = isl_union_map_read_from_str(ctx, line);
        }
        ok = legal(deps, context, S);
        if (ok < 0)
            isl_ctx_reset_error(ctx);
        fputs(ok < 0 ? "E\n" : ok ? "1\n" : "0\n", stdout);
        fflush(stdout);
    }
    free(line);
    isl_set_free(context);
    isl_union_map_free(deps);
    isl_ctx_free(ctx);
    return 0;
}
