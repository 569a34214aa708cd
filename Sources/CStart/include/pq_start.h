// What a command line starts before Swift's main runs.
#ifndef POWERQUOTES_PQ_START_H
#define POWERQUOTES_PQ_START_H

/// Whether `words` (a command line without the program's name, `count` of them) are a `random`
/// that asks a server, read from the words alone: 1 when they are `random` followed by plain
/// long options only (as `LongOptionWords` reads them: each name of random's once, each option
/// with a value that is not empty and does not start with `-`, no `--name=value`, no `--`),
/// without `--favorites`, whose plan is DummyJSON's quote with `--id`, else the service
/// `--source` names or, without one, the one `source` (`$POWERQUOTES_SOURCE`, or NULL) names,
/// unless that is `offline` without `--online`; 0 for anything else.
///
/// The plan `Random.plan(environment:)` makes of the same line when it validates (a line that
/// does not validate fails before it asks anyone), read more narrowly in one place: a `source`
/// with spaces or letters outside ASCII is 0, and the command loads libcurl itself if it asks.
int pq_random_line_asks_server(int count, const char *const *words, const char *source);

#endif
