/* TFLite_Detection_PostProcess, float32 (TFLite Micro's detection_postprocess.cc: DecodeCenterSizeBoxes,
 * NonMaxSuppressionSingleClassHelper and the fast and regular multi-class helpers). Orderings match TFLite Micro's
 * exactly: its merge sort of the kept scores is stable (equal scores keep anchor order) and its partial sorts
 * rank equal scores by position, which the stable sorts here reproduce. Decoding runs in double, as there. */
#include <math.h>
#include <string.h>

#include "detection_postprocess.h"

/* The scratch buffers, carved from node->scratch in this order (4-byte members first, the flags last). */
typedef struct {
    mg_detection_box *decoded; /* num_boxes decoded boxes */
    float *row_scores;         /* per anchor: its best class's score (fast) or one class's score (regular) */
    int32_t *row_class;        /* fast: each anchor's best class */
    float *keep_scores;        /* scores at or above the threshold, in anchor order */
    int32_t *keep_indices;     /* their anchors */
    int32_t *order;            /* positions in keep_scores, best first */
    int32_t *merge;            /* the merge sort's buffer */
    int32_t *selected;         /* anchors one suppression pass kept */
    int32_t *candidate_index;  /* regular: anchor * classes_with_background + class column, best first */
    float *candidate_score;
    uint8_t *active; /* per kept score: not suppressed yet */
} workspace;

static int32_t selected_capacity(int32_t num_boxes, int32_t max_detections, int32_t detections_per_class,
                                 int32_t use_regular_nms)
{
    const int32_t limit = use_regular_nms ? detections_per_class : max_detections;
    return limit < num_boxes ? limit : num_boxes;
}

size_t mg_detection_postprocess_f32_scratch_size(int32_t num_boxes, int32_t max_detections,
                                                 int32_t detections_per_class, int32_t use_regular_nms)
{
    const size_t boxes = (size_t)num_boxes;
    const size_t selected = (size_t)selected_capacity(num_boxes, max_detections, detections_per_class, use_regular_nms);
    const size_t candidates = use_regular_nms ? (size_t)max_detections + selected : 0;
    return boxes * sizeof(mg_detection_box) + 6 * boxes * 4 + selected * 4 + candidates * 8 + boxes;
}

static workspace carve(const mg_detection_postprocess_params *p, void *scratch)
{
    const int32_t n = p->num_boxes;
    const int32_t selected = selected_capacity(n, p->max_detections, p->detections_per_class, p->use_regular_nms);
    const int32_t candidates = p->use_regular_nms ? p->max_detections + selected : 0;
    workspace w;
    w.decoded = scratch;
    w.row_scores = (float *)(w.decoded + n);
    w.row_class = (int32_t *)(w.row_scores + n);
    w.keep_scores = (float *)(w.row_class + n);
    w.keep_indices = (int32_t *)(w.keep_scores + n);
    w.order = w.keep_indices + n;
    w.merge = w.order + n;
    w.selected = w.merge + n;
    w.candidate_index = w.selected + selected;
    w.candidate_score = (float *)(w.candidate_index + candidates);
    w.active = (uint8_t *)(w.candidate_score + candidates);
    return w;
}

/* Corners from (y, x, h, w) encodings and anchors; 0 when a box is empty or inverted (TFLite's ValidateBoxes). */
static int decode(const mg_detection_postprocess_params *p, const float *encodings, const float *anchors,
                  mg_detection_box *decoded)
{
    int valid = 1;
    for (int32_t i = 0; i < p->num_boxes; ++i) {
        const float *e = encodings + i * p->box_stride;
        const float *a = anchors + 4 * i; /* y, x, h, w */
        const float y = (float)((double)e[0] / (double)p->y_scale * (double)a[2] + (double)a[0]);
        const float x = (float)((double)e[1] / (double)p->x_scale * (double)a[3] + (double)a[1]);
        const float half_h = (float)(0.5 * exp((double)e[2] / (double)p->h_scale) * (double)a[2]);
        const float half_w = (float)(0.5 * exp((double)e[3] / (double)p->w_scale) * (double)a[3]);
        mg_detection_box *box = &decoded[i];
        box->ymin = y - half_h;
        box->xmin = x - half_w;
        box->ymax = y + half_h;
        box->xmax = x + half_w;
        if (box->ymin >= box->ymax || box->xmin >= box->xmax) {
            valid = 0;
        }
    }
    return valid;
}

static float max_f(float a, float b)
{
    return a < b ? b : a;
} /* std::max */
static float min_f(float a, float b)
{
    return b < a ? b : a;
} /* std::min */

/* TFLite's ComputeIntersectionOverUnion, in float and in its order. */
static float intersection_over_union(const mg_detection_box *i, const mg_detection_box *j)
{
    const float area_i = (i->ymax - i->ymin) * (i->xmax - i->xmin);
    const float area_j = (j->ymax - j->ymin) * (j->xmax - j->xmin);
    if (area_i <= 0 || area_j <= 0) {
        return 0.0f;
    }
    const float height = min_f(i->ymax, j->ymax) - max_f(i->ymin, j->ymin);
    const float width = min_f(i->xmax, j->xmax) - max_f(i->xmin, j->xmin);
    const float intersection = max_f(height, 0.0f) * max_f(width, 0.0f);
    return intersection / (area_i + area_j - intersection);
}

/* order[0..count) = 0..count-1 sorted by values, highest first, equal values in index order (a stable merge sort,
 * bottom-up: the same result as TFLite Micro's top-down one). */
static void stable_sort_decreasing(const float *values, int32_t count, int32_t *order, int32_t *buffer)
{
    for (int32_t i = 0; i < count; ++i) {
        order[i] = i;
    }
    for (int32_t width = 1; width < count; width *= 2) {
        for (int32_t left = 0; left < count - width; left += 2 * width) {
            const int32_t middle = left + width;
            const int32_t end = middle + width < count ? middle + width : count;
            int32_t a = left, b = middle;
            for (int32_t k = left; k < end; ++k) {
                buffer[k] = (a >= middle || (b < end && values[order[b]] > values[order[a]])) ? order[b++] : order[a++];
            }
            memcpy(order + left, buffer + left, (size_t)(end - left) * sizeof(int32_t));
        }
    }
}

/* One suppression pass over per-anchor scores: writes at most `limit` anchors to w->selected, best first. */
static int32_t suppress(const mg_detection_postprocess_params *p, const workspace *w, const float *scores,
                        int32_t limit)
{
    int32_t kept = 0;
    for (int32_t i = 0; i < p->num_boxes; ++i) {
        if (scores[i] >= p->score_threshold) {
            w->keep_scores[kept] = scores[i];
            w->keep_indices[kept++] = i;
        }
    }
    stable_sort_decreasing(w->keep_scores, kept, w->order, w->merge);
    const int32_t wanted = kept < limit ? kept : limit;
    int32_t count = 0, active = kept;
    memset(w->active, 1, (size_t)kept);
    for (int32_t i = 0; i < kept && active > 0 && count < wanted; ++i) {
        if (!w->active[i]) {
            continue;
        }
        const mg_detection_box *best = &w->decoded[w->keep_indices[w->order[i]]];
        w->selected[count++] = w->keep_indices[w->order[i]];
        w->active[i] = 0;
        --active;
        for (int32_t j = i + 1; j < kept; ++j) {
            if (w->active[j] &&
                intersection_over_union(best, &w->decoded[w->keep_indices[w->order[j]]]) > p->iou_threshold) {
                w->active[j] = 0;
                --active;
            }
        }
    }
    return count;
}

static void write_detection(float *boxes, float *classes, float *scores, int32_t at, const mg_detection_box *box,
                            int32_t class_index, float score)
{
    memcpy(boxes + 4 * at, box, sizeof(*box));
    classes[at] = (float)class_index;
    scores[at] = score;
}

/* Fast NMS: each anchor ranked by its best class (the first of equal scores), one pass over all anchors. */
static int32_t fast_nms(const mg_detection_postprocess_params *p, const workspace *w, const float *predictions,
                        float *boxes, float *classes, float *scores)
{
    const int32_t columns = p->num_classes + p->label_offset;
    for (int32_t row = 0; row < p->num_boxes; ++row) {
        const float *s = predictions + row * columns + p->label_offset;
        int32_t best = 0;
        for (int32_t c = 1; c < p->num_classes; ++c) {
            best = s[c] > s[best] ? c : best;
        }
        w->row_class[row] = best;
        w->row_scores[row] = s[best];
    }
    const int32_t count = suppress(p, w, w->row_scores, p->max_detections);
    for (int32_t k = 0; k < count; ++k) {
        const int32_t anchor = w->selected[k];
        write_detection(boxes, classes, scores, k, &w->decoded[anchor], w->row_class[anchor], w->row_scores[anchor]);
    }
    return count;
}

/* Inserts entries [from, total) into the sorted run [0, from), highest score first, equal scores in position
 * order (TFLite's partial sort ranks ties by position). */
static void merge_candidates(int32_t *index, float *score, int32_t from, int32_t total)
{
    for (int32_t i = from; i < total; ++i) {
        const int32_t moving_index = index[i];
        const float moving_score = score[i];
        int32_t at = i;
        for (; at > 0 && score[at - 1] < moving_score; --at) {
            index[at] = index[at - 1];
            score[at] = score[at - 1];
        }
        index[at] = moving_index;
        score[at] = moving_score;
    }
}

/* Regular NMS: one pass per class, the survivors of all classes merged by score. */
static int32_t regular_nms(const mg_detection_postprocess_params *p, const workspace *w, const float *predictions,
                           float *boxes, float *classes, float *scores)
{
    const int32_t columns = p->num_classes + p->label_offset;
    int32_t size = 0;
    for (int32_t c = 0; c < p->num_classes; ++c) {
        const int32_t column = c + p->label_offset;
        for (int32_t row = 0; row < p->num_boxes; ++row) {
            w->row_scores[row] = predictions[row * columns + column];
        }
        const int32_t count = suppress(p, w, w->row_scores, p->detections_per_class);
        for (int32_t k = 0; k < count; ++k) {
            w->candidate_index[size + k] = w->selected[k] * columns + column;
            w->candidate_score[size + k] = w->row_scores[w->selected[k]];
        }
        merge_candidates(w->candidate_index, w->candidate_score, size, size + count);
        size = size + count < p->max_detections ? size + count : p->max_detections;
    }
    for (int32_t k = 0; k < size; ++k) {
        const int32_t anchor = w->candidate_index[k] / columns;
        const int32_t class_index = w->candidate_index[k] - anchor * columns - p->label_offset;
        write_detection(boxes, classes, scores, k, &w->decoded[anchor], class_index, w->candidate_score[k]);
    }
    return size;
}

mg_status mg_detection_postprocess_f32(const mg_detection_postprocess_params *p, const float *box_encodings,
                                       const float *class_predictions, const float *anchors, float *boxes,
                                       float *classes, float *scores, float *num_detections, void *scratch)
{
    const workspace w = carve(p, scratch);
    if (!decode(p, box_encodings, anchors, w.decoded)) {
        return MG_ERROR;
    }
    const int32_t count = p->use_regular_nms ? regular_nms(p, &w, class_predictions, boxes, classes, scores)
                                             : fast_nms(p, &w, class_predictions, boxes, classes, scores);
    /* Entries past the detections: zeros (TFLite Micro's regular NMS writes zeros there; its fast NMS leaves
     * them as they were). */
    const size_t unused = (size_t)(p->output_capacity - count);
    memset(boxes + 4 * count, 0, unused * 4 * sizeof(float));
    memset(classes + count, 0, unused * sizeof(float));
    memset(scores + count, 0, unused * sizeof(float));
    *num_detections = (float)count;
    return MG_OK;
}
