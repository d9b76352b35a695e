/* TFLite_Detection_PostProcess (TFLite Micro's detection_postprocess.cc, the custom op SSD detectors end in):
 * box encodings are decoded against their anchors into corners, then non-max suppression picks the detections,
 * either the fast way (each anchor ranked by its best class, one suppression pass) or the regular way (one pass per
 * class, the survivors of all classes merged by score). float32 only, batch 1, as in TFLite Micro. The generator
 * reads the FlexBuffers options and checks them, so the device gets plain numbers besides them. */
#ifndef MG_DETECTION_POSTPROCESS_H
#define MG_DETECTION_POSTPROCESS_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    mg_custom_options options;    /* first, as for every custom node: the options in place (the runtime checks them) */
    int32_t num_boxes;            /* anchors: box encodings [1, num_boxes, box_stride] */
    int32_t box_stride;           /* values per encoding, the first 4 are (y, x, h, w) */
    int32_t num_classes;          /* classes ranked, without the background column */
    int32_t label_offset;         /* 1 when class predictions carry a background column first, else 0 */
    int32_t max_detections;       /* detections output */
    int32_t detections_per_class; /* regular NMS: kept per class */
    int32_t use_regular_nms;      /* 0: fast NMS (one class per anchor) */
    int32_t output_capacity;      /* entries of the classes and scores outputs (boxes: 4 per entry) */
    float score_threshold;        /* scores below it never become detections */
    float iou_threshold;          /* a box overlapping a kept one by more than this is suppressed */
    float y_scale, x_scale, h_scale, w_scale; /* the encodings' scales */
} mg_detection_postprocess_params;

/* Corners of one decoded box (TFLite's BoxCornerEncoding). */
typedef struct {
    float ymin, xmin, ymax, xmax;
} mg_detection_box;

/* Returns MG_ERROR (and writes nothing) when a decoded box is empty or inverted, as TFLite Micro fails the node. */
mg_status mg_detection_postprocess_f32(const mg_detection_postprocess_params *p, const float *box_encodings,
                                       const float *class_predictions, const float *anchors, float *boxes,
                                       float *classes, float *scores, float *num_detections, void *scratch);
size_t mg_detection_postprocess_f32_scratch_size(int32_t num_boxes, int32_t max_detections,
                                                 int32_t detections_per_class, int32_t use_regular_nms);

extern const mg_registration mg_register_detection_postprocess;

#endif
