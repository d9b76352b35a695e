/* TFLite_Detection_PostProcess registration (TFLite Micro's detection_postprocess.cc, registered as a custom op by
 * that exact name): prepare checks the three float32 inputs and four float32 outputs against the generated sizes
 * and the planned scratch; invoke fails the node when a decoded box is empty or inverted, as TFLite Micro does. */
#include "detection_postprocess.h"

static int is_f32(const mg_tensor *t, int32_t count)
{
    return t && t->type == MG_FLOAT32 && mg_num_elements(t) == count;
}

static mg_status prepare(mg_node *node)
{
    const mg_detection_postprocess_params *p = node->params;
    const int32_t columns = p->num_classes + p->label_offset;
    const int32_t capacity = p->output_capacity;
    if (node->num_inputs != 3 || node->num_outputs != 4 || !is_f32(mg_input(node, 0), p->num_boxes * p->box_stride) ||
        !is_f32(mg_input(node, 1), p->num_boxes * columns) || !is_f32(mg_input(node, 2), p->num_boxes * 4)) {
        return mg_fail(node, "TFLite_Detection_PostProcess: the float32 inputs differ from the generated sizes");
    }
    if (!is_f32(mg_output(node, 0), 4 * capacity) || !is_f32(mg_output(node, 1), capacity) ||
        !is_f32(mg_output(node, 2), capacity) || !is_f32(mg_output(node, 3), 1)) {
        return mg_fail(node, "TFLite_Detection_PostProcess: the float32 outputs differ from the generated sizes");
    }
    if (node->scratch_size < mg_detection_postprocess_f32_scratch_size(p->num_boxes, p->max_detections,
                                                                       p->detections_per_class, p->use_regular_nms)) {
        return mg_fail(node, "TFLite_Detection_PostProcess: less scratch than it needs");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    if (mg_detection_postprocess_f32(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data,
                                     mg_input(node, 2)->data, mg_output(node, 0)->data, mg_output(node, 1)->data,
                                     mg_output(node, 2)->data, mg_output(node, 3)->data, node->scratch) != MG_OK) {
        return mg_fail(node, "TFLite_Detection_PostProcess: a decoded box is empty or inverted");
    }
    return MG_OK;
}

const mg_registration mg_register_detection_postprocess = {0, 0, prepare, invoke};
