/* test_enums.c: every public function that takes an enum value, a kind or a set of flags refuses a
 * value that is none of them (77, -2, 2^30, an unknown flag bit; -1 is NQ_INPUT_AUTO), as its doc
 * comment says, instead of treating it as some valid value (issue 20 item 16: nq_checker_add()
 * judged an item of kind 77 as malformed and returned NQ_OK). The valid values are tested with each
 * module; here each function is called once with a valid value too, so that a refusal of everything
 * cannot pass. */
#include <string.h>

#include "support.h"

static const int four[] = {1, 3, 0, 2};
static const int bad_values[] = {77, -2, 1 << 30};
#define BAD_VALUES (sizeof bad_values / sizeof bad_values[0])

static void test_attack_name(void **state) {
    (void)state;
    assert_string_equal(nq_attack_name(NQ_ATTACK_NONE), "none");
    assert_string_equal(nq_attack_name(NQ_ATTACK_ANTIDIAGONAL), "anti-diagonal");
    for (size_t i = 0; i < BAD_VALUES; i++)
        assert_string_equal(nq_attack_name((nq_attack)bad_values[i]), "unknown");
}

static void test_transform(void **state) {
    (void)state;
    int out[4];
    assert_int_equal(nq_transform(4, four, NQ_SYM_ANTITRANSPOSE, out), NQ_OK);
    for (size_t i = 0; i < BAD_VALUES; i++)
        assert_int_equal(nq_transform(4, four, (nq_symmetry)bad_values[i], out), NQ_EINVAL);
    assert_int_equal(nq_transform(4, four, (nq_symmetry)NQ_SYMMETRIES, out), NQ_EINVAL);
}

static void test_search_flags(void **state) {
    (void)state;
    nq_search *s;
    assert_int_equal(nq_search_new(4, NULL, 0, NQ_SEARCH_UNIQUE, &s), NQ_OK);
    nq_search_free(s);
    assert_int_equal(nq_search_new(4, NULL, 0, 2u, &s), NQ_EINVAL);
    assert_int_equal(nq_search_new(4, NULL, 0, 0x80000000u, &s), NQ_EINVAL);
}

static void test_formats(void **state) {
    (void)state;
    char buf[256];
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 4, four,
                                        NQ_FMT_COLUMN_MAJOR | NQ_FMT_NO_END),
                     7);
    assert_int_equal(nq_format_rows(buf, sizeof buf, NQ_FMT_COLS, 4, four, 0, 4, NQ_FMT_NO_END), 7);
    for (size_t i = 0; i < BAD_VALUES; i++) {
        nq_format f = (nq_format)bad_values[i];
        assert_string_equal(nq_format_name(f), "unknown");
        assert_int_equal(nq_format_is_board(f), 0);
        assert_int_equal(nq_format_solution(buf, sizeof buf, f, 4, four, 0), 0);
        assert_int_equal(nq_format_rows(buf, sizeof buf, f, 4, four, 0, 4, 0), 0);
        assert_string_equal(nq_format_prefix(f), "");
        assert_string_equal(nq_format_separator(f), "");
        assert_string_equal(nq_format_suffix(f), "");
    }
    /* A flag bit that means nothing: refused by both writers (nq_format_solution() used to
     * ignore it). */
    assert_int_equal(nq_format_solution(buf, sizeof buf, NQ_FMT_COLS, 4, four, 4u), 0);
    assert_int_equal(nq_format_rows(buf, sizeof buf, NQ_FMT_COLS, 4, four, 0, 4, 4u), 0);
}

static void test_svg_flags(void **state) {
    (void)state;
    assert_true(nq_svg_picture(NULL, 0, 4, four, 1, NQ_FMT_COLUMN_MAJOR) > 0);
    assert_true(nq_svg_begin(NULL, 0, 4, 1, NQ_FMT_COLUMN_MAJOR) > 0);
    assert_true(nq_svg_board(NULL, 0, 4, four, 0, 1, NQ_FMT_COLUMN_MAJOR) > 0);
    assert_true(nq_svg_end(NULL, 0, 4, 1, NQ_FMT_COLUMN_MAJOR) > 0);
    /* The pictures' only flag is NQ_FMT_COLUMN_MAJOR; the others were ignored. */
    const unsigned bad[] = {NQ_FMT_NO_END, 8u, 0x80000000u};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(nq_svg_picture(NULL, 0, 4, four, 1, bad[i]), 0);
        assert_int_equal(nq_svg_begin(NULL, 0, 4, 1, bad[i]), 0);
        assert_int_equal(nq_svg_board(NULL, 0, 4, four, 0, 1, bad[i]), 0);
        assert_int_equal(nq_svg_board_marked(NULL, 0, 4, four, NULL, 0, 1, bad[i]), 0);
        assert_int_equal(nq_svg_end(NULL, 0, 4, 1, bad[i]), 0);
    }
}

static void test_kernels(void **state) {
    (void)state;
    nq_kernel k;
    assert_int_equal(nq_kernel_resolve(NQ_KERNEL_GENERIC, 8, &k), NQ_OK);
    for (size_t i = 0; i < BAD_VALUES; i++) {
        nq_kernel bad = (nq_kernel)bad_values[i];
        assert_null(nq_kernel_name(bad));
        assert_int_equal(nq_kernel_supported(bad), 0);
        assert_int_equal(nq_kernel_resolve(bad, 8, &k), NQ_EINVAL);
    }
    assert_null(nq_kernel_name((nq_kernel)NQ_KERNELS));
    nq_split *s;
    nq_counts c;
    assert_int_equal(nq_split_new(8, &s), NQ_OK);
    for (size_t i = 0; i < BAD_VALUES; i++)
        assert_int_equal(nq_split_solve_kernel(s, 0, (nq_kernel)bad_values[i], &c), NQ_EINVAL);
    nq_count_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    opt.kernel = (nq_kernel)77;
    memset(&c, 0, sizeof c);
    assert_int_equal(nq_count_split(s, &opt, &c), NQ_EINVAL);
    nq_split_free(s);
}

static void test_input_formats(void **state) {
    (void)state;
    nq_reader *r;
    assert_int_equal(nq_reader_new("0\n", 2, NQ_FMT_COLS, 0, &r), NQ_OK);
    nq_reader_free(r);
    for (size_t i = 0; i < BAD_VALUES; i++) {
        int f = bad_values[i];
        assert_string_equal(nq_input_name(f), "unknown");
        assert_int_equal(nq_reader_new("0\n", 2, f, 0, &r), NQ_EINVAL);
    }
    /* svg is an output format only. */
    assert_int_equal(nq_reader_new("0\n", 2, NQ_FMT_SVG, 0, &r), NQ_EINVAL);
    int f;
    assert_int_equal(nq_input_parse_name("svg", &f), NQ_EINVAL);
}

static void test_instance_exclude(void **state) {
    (void)state;
    nq_instance *inst;
    assert_int_equal(nq_instance_new(4, &inst), NQ_OK);
    assert_int_equal(nq_instance_exclude(inst, 1, 1), NQ_OK);
    assert_int_equal(nq_instance_exclude(inst, 1, 2), NQ_EINVAL);
    assert_int_equal(nq_instance_exclude(inst, 1, -1), NQ_EINVAL);
    nq_instance_free(inst);
}

static void test_checker_kinds(void **state) {
    (void)state;
    nq_checker *c;
    assert_int_equal(nq_checker_new(0, &c), NQ_OK);
    nq_item it;
    memset(&it, 0, sizeof it);
    for (size_t i = 0; i < BAD_VALUES; i++) {
        it.kind = (nq_item_kind)bad_values[i];
        assert_int_equal(nq_checker_add(c, &it, NULL), NQ_EINVAL);
    }
    it.kind = (nq_item_kind)-1;
    assert_int_equal(nq_checker_add(c, &it, NULL), NQ_EINVAL);
    assert_int_equal(nq_checker_groups(c), 1);
    nq_checker_free(c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attack_name),   cmocka_unit_test(test_transform),
        cmocka_unit_test(test_search_flags),  cmocka_unit_test(test_formats),
        cmocka_unit_test(test_svg_flags),     cmocka_unit_test(test_kernels),
        cmocka_unit_test(test_input_formats), cmocka_unit_test(test_instance_exclude),
        cmocka_unit_test(test_checker_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
