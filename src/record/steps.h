/*
 * steps.h - what a recogniser saw in a cell, time step by time step
 * (pt_step), read as CTC reads a network's output: the probability of a
 * text summed over every way of laying its characters along the steps
 * (forced alignment), and the likeliest texts (prefix beam search).
 *
 * A step lists the characters likely there, the blank ("") among them; a
 * character it does not list has STEPS_FLOOR, about what a recogniser
 * leaves unsaid (Tesseract lists what has 1% or more).
 */
#ifndef PT_RECORD_STEPS_H
#define PT_RECORD_STEPS_H

#include "partiar.h"

#define STEPS_FLOOR 0.003f

enum { STEPS_TEXT_MAX = 32 };

/* ln of the probability the n choices of steps give text (its spaces left
 * out); -INFINITY when it cannot be laid along them (more characters than
 * steps), or there are no steps. */
float steps_score(const pt_step *steps, size_t n, const char *text);

/* The likeliest texts the steps give, best first, with their ln
 * probabilities: up to max into text[] and score[]; returns how many. */
int steps_best(const pt_step *steps, size_t n, char (*text)[STEPS_TEXT_MAX], float *score, int max);

#endif
