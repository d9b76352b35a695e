/* MIRROR_PAD registration: checks the node against its parameters, then copies. */
#include "mirror_pad.h"
#include "mg_elementwise.h"

/* mg_table_copy_params does not begin with its count, and the input has fewer elements than the output. */
static mg_status prepare(mg_node *node)
{
    const mg_mirror_pad_params *p = node->params;
    return mg_check_tensors(node, 1, -1, p->count, 0);
}

MG_REGISTER_UNARY_ONE(mirror_pad, prepare, mg_mirror_pad_generic);
