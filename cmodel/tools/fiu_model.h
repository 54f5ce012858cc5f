/* fiu-model's command dispatch as a function, so that tests and the fuzzer (tb/fuzz) can call it
 * in-process. argv[0] is the program name; returns the exit status (0 ok, 1 mismatch, 2 bad
 * input or usage; docs/vectors.md 9). No state survives a call. */
#ifndef FIU_MODEL_H
#define FIU_MODEL_H

int fiu_model_main(int argc, char **argv);

#endif
