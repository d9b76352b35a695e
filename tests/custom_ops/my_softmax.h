#ifndef MY_SOFTMAX_H
#define MY_SOFTMAX_H

#include "mg_kernel.h"

extern const mg_registration mg_register_my_softmax;

#endif
