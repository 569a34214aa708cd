// Generated from random's declarations (Random.directFlagNames and directOptionNames, which
// @DirectlyParsed makes from them) by Tests/PowerQuotesCLITests/DirectGrammarTests.swift.
// Do not edit: `POWERQUOTES_REGENERATE=1 swift test --filter DirectGrammarTests` writes it
// again, and that test fails while it is stale.
#ifndef POWERQUOTES_RANDOM_NAMES_H
#define POWERQUOTES_RANDOM_NAMES_H

static const char *const pq_random_flag_names[] = {
    "--offline",
    "--online",
    "--save",
    "--favorites",
    "--short",
    "--long",
};
enum {
    pq_random_flag_offline,
    pq_random_flag_online,
    pq_random_flag_save,
    pq_random_flag_favorites,
    pq_random_flag_short,
    pq_random_flag_long,
    pq_random_flag_count
};

static const char *const pq_random_option_names[] = {
    "--source",
    "--id",
    "--author",
    "--tag",
    "--work",
    "--max-length",
    "--format",
    "--database",
    "--api-url",
    "--zenquotes-url",
    "--timeout",
    "--color",
};
enum {
    pq_random_option_source,
    pq_random_option_id,
    pq_random_option_author,
    pq_random_option_tag,
    pq_random_option_work,
    pq_random_option_max_length,
    pq_random_option_format,
    pq_random_option_database,
    pq_random_option_api_url,
    pq_random_option_zenquotes_url,
    pq_random_option_timeout,
    pq_random_option_color,
    pq_random_option_count
};

#endif
