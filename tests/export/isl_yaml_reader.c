/* SPDX-License-Identifier: MIT */
/* Reads exported schedule trees the way PPCG's --load-schedule and every
 * other isl user do: plain libisl, no project code.
 *
 *   isl_yaml_reader BLOCK.yaml FLOW.yaml
 *
 * Both must read (isl_schedule_read_from_file) and be equal by
 * isl_schedule_plain_is_equal. Prints the schedule's union map, then one
 * line per band node (top down): "band permutable=P coincident=C0,C1,...".
 * Exit 0 on success, 1 when isl refuses a file or they differ, 2 on usage. */
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include <stdio.h>
#include <stdlib.h>

static isl_schedule *read_schedule(isl_ctx *ctx, const char *path)
{
    FILE *f = fopen(path, "r");
    isl_schedule *s;

    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return NULL;
    }
    s = isl_schedule_read_from_file(ctx, f);
    fclose(f);
    if (!s) {
        const char *msg = isl_ctx_last_error_msg(ctx);
        fprintf(stderr, "%s: isl refuses it: %s\n", path, msg ? msg : "(no message)");
    }
    return s;
}

static isl_bool print_band(__isl_keep isl_schedule_node *node, void *user)
{
    isl_size n, k;

    (void)user;
    if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
        return isl_bool_true;
    n = isl_schedule_node_band_n_member(node);
    printf("band permutable=%d coincident=", isl_schedule_node_band_get_permutable(node) == isl_bool_true);
    for (k = 0; k < n; ++k)
        printf("%s%d", k ? "," : "", isl_schedule_node_band_member_get_coincident(node, k) == isl_bool_true);
    printf("\n");
    return isl_bool_true;
}

int main(int argc, char **argv)
{
    isl_ctx *ctx;
    isl_schedule *block, *flow;
    isl_union_map *map;
    char *text;
    int status = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: %s BLOCK.yaml FLOW.yaml\n", argv[0]);
        return 2;
    }
    ctx = isl_ctx_alloc();
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
    block = read_schedule(ctx, argv[1]);
    flow = read_schedule(ctx, argv[2]);
    if (!block || !flow) {
        status = 1;
    } else if (isl_schedule_plain_is_equal(block, flow) != isl_bool_true) {
        fprintf(stderr, "the block and flow forms differ\n");
        status = 1;
    } else {
        map = isl_schedule_get_map(block);
        text = isl_union_map_to_str(map);
        printf("%s\n", text ? text : "");
        free(text);
        isl_union_map_free(map);
        if (isl_schedule_foreach_schedule_node_top_down(block, &print_band, NULL) < 0)
            status = 1;
    }
    isl_schedule_free(block);
    isl_schedule_free(flow);
    isl_ctx_free(ctx);
    return status;
}
