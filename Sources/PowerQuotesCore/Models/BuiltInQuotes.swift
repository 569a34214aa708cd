// The quotes powerquotes ships with: a small, mixed collection of public-domain sayings from
// literature, philosophy and speeches, shown by `powerquotes random` when there is no network and
// no quote has been seen before.
//
// The rule for the list: every author died before 1955, so the words are in the public domain.
// Translations are public-domain ones where the author did not write in English (George Long,
// Gummere, Legge, Ross, Burnet, Garnett, Trotter, Cole); a few quotes keep their original French,
// German or Chinese. Each quote is in the author's own wording, with the work it comes from noted
// beside it; famous sayings that are misattributed or only paraphrased are deliberately left out.

extension Quote {
  /// Public-domain quotes compiled into powerquotes: the offline default when no quote has been
  /// seen before.
  ///
  /// Every author died before 1955.
  public static let builtIn: [Quote] = [
    // Walden, 1854
    builtIn("The mass of men lead lives of quiet desperation.", by: "Henry David Thoreau"),
    // Walden, 1854
    builtIn(
      "I went to the woods because I wished to live deliberately, to front only "
        + "the essential facts of life, and see if I could not learn what it had "
        + "to teach, and not, when I came to die, discover that I had not lived.",
      by: "Henry David Thoreau"),
    // Walden, 1854
    builtIn(
      "If a man does not keep pace with his companions, perhaps it "
        + "is because he hears a different drummer. Let him step to "
        + "the music which he hears, however measured or far away.",
      by: "Henry David Thoreau"),
    // Self-Reliance, 1841
    builtIn(
      "A foolish consistency is the hobgoblin of little minds, "
        + "adored by little statesmen and philosophers and divines.",
      by: "Ralph Waldo Emerson"),
    // Self-Reliance, 1841
    builtIn("Trust thyself: every heart vibrates to that iron string.", by: "Ralph Waldo Emerson"),
    // Circles, 1841
    builtIn("Nothing great was ever achieved without enthusiasm.", by: "Ralph Waldo Emerson"),
    // Hamlet, I.3
    builtIn(
      "This above all: to thine own self be true, and it must follow, as "
        + "the night the day, thou canst not then be false to any man.",
      by: "William Shakespeare"),
    // Hamlet, II.2
    builtIn(
      "There is nothing either good or bad, but thinking makes it so.",
      by: "William Shakespeare"),
    // As You Like It, II.7
    builtIn(
      "All the world's a stage, and all the men and women merely players.",
      by: "William Shakespeare"),
    // Julius Caesar, I.2
    builtIn(
      "The fault, dear Brutus, is not in our stars, but in ourselves, that we are underlings.",
      by: "William Shakespeare"),
    // Meditations VII.59, tr. George Long
    builtIn(
      "Look within. Within is the fountain of good, and "
        + "it will ever bubble up, if thou wilt ever dig.",
      by: "Marcus Aurelius"),
    // Meditations X.16, tr. George Long
    builtIn(
      "No longer talk at all about the kind of man that a good man ought to be, but be such.",
      by: "Marcus Aurelius"),
    // Meditations VI.6, tr. George Long
    builtIn(
      "The best way of avenging thyself is not to become like the wrong doer.",
      by: "Marcus Aurelius"),
    // Moral Letters 1, tr. Gummere
    builtIn("While we are postponing, life speeds by.", by: "Seneca"),
    // Moral Letters 2, tr. Gummere
    builtIn(
      "It is not the man who has too little, but the man who craves more, that is poor.",
      by: "Seneca"),
    // Moral Letters 13, tr. Gummere
    builtIn(
      "There are more things, Lucilius, likely to frighten us than there are "
        + "to crush us; we suffer more often in imagination than in reality.",
      by: "Seneca"),
    // Enchiridion 5, tr. George Long
    builtIn(
      "Men are disturbed not by the things which happen, but by the opinions about the things.",
      by: "Epictetus"),
    // Enchiridion 8, tr. George Long
    builtIn(
      "Seek not that the things which happen should happen as you wish; but wish the things "
        + "which happen to be as they are, and you will have a tranquil flow of life.",
      by: "Epictetus"),
    // Analects II.15, tr. Legge
    builtIn(
      "Learning without thought is labour lost; thought without learning is perilous.",
      by: "Confucius"),
    // Analects II.17, tr. Legge
    builtIn(
      "When you know a thing, to hold that you know it; and when you do not "
        + "know a thing, to allow that you do not know it—this is knowledge.",
      by: "Confucius"),
    // Tao Te Ching 64: a journey of a thousand li begins with one step
    builtIn("千里之行，始於足下。", by: "Lao Tzu"),
    // Tao Te Ching 33, tr. Legge
    builtIn(
      "He who knows other men is discerning; he who knows himself is intelligent. "
        + "He who overcomes others is strong; he who overcomes himself is mighty.",
      by: "Lao Tzu"),
    // Pennsylvania Assembly, Reply to the Governor, 1755
    builtIn(
      "Those who would give up essential Liberty, to purchase a little "
        + "temporary Safety, deserve neither Liberty nor Safety.",
      by: "Benjamin Franklin"),
    // Poor Richard's Almanack, 1737
    builtIn("Well done is better than well said.", by: "Benjamin Franklin"),
    // Letter to Jean-Baptiste Le Roy, 1789
    builtIn(
      "In this world nothing can be said to be certain, except death and taxes.",
      by: "Benjamin Franklin"),
    // Note to a Brooklyn church young people's society, 1901
    builtIn(
      "Always do right. This will gratify some people and astonish the rest.",
      by: "Mark Twain"),
    // Pudd'nhead Wilson, 1894
    builtIn(
      "Courage is resistance to fear, mastery of fear—not absence of fear.",
      by: "Mark Twain"),
    // Pudd'nhead Wilson, 1894
    builtIn(
      "Let us endeavor so to live that when we come to die even the undertaker will be sorry.",
      by: "Mark Twain"),
    // Lady Windermere's Fan, 1892
    builtIn("I can resist everything except temptation.", by: "Oscar Wilde"),
    // Lady Windermere's Fan, 1892
    builtIn(
      "We are all in the gutter, but some of us are looking at the stars.",
      by: "Oscar Wilde"),
    // The Importance of Being Earnest, 1895
    builtIn("The truth is rarely pure and never simple.", by: "Oscar Wilde"),
    // Pride and Prejudice, 1813
    builtIn(
      "It is a truth universally acknowledged, that a single man in "
        + "possession of a good fortune, must be in want of a wife.",
      by: "Jane Austen"),
    // Pride and Prejudice, 1813
    builtIn(
      "I declare after all there is no enjoyment like reading! "
        + "How much sooner one tires of any thing than of a book!",
      by: "Jane Austen"),
    // A Tale of Two Cities, 1859
    builtIn(
      "It was the best of times, it was the worst of times, it "
        + "was the age of wisdom, it was the age of foolishness.",
      by: "Charles Dickens"),
    // David Copperfield, 1850
    builtIn(
      "Annual income twenty pounds, annual expenditure nineteen nineteen "
        + "and six, result happiness. Annual income twenty pounds, "
        + "annual expenditure twenty pounds ought and six, result misery.",
      by: "Charles Dickens"),
    // First Inaugural Address, 1861
    builtIn("We are not enemies, but friends. We must not be enemies.", by: "Abraham Lincoln"),
    // Gettysburg Address, 1863
    builtIn(
      "That government of the people, by the people, for "
        + "the people, shall not perish from the earth.",
      by: "Abraham Lincoln"),
    // Second Inaugural Address, 1865
    builtIn(
      "With malice toward none, with charity for all, with firmness in the right as God "
        + "gives us to see the right, let us strive on to finish the work we are in.",
      by: "Abraham Lincoln"),
    // Song of Myself
    builtIn(
      "Do I contradict myself? Very well then I contradict "
        + "myself, (I am large, I contain multitudes.)",
      by: "Walt Whitman"),
    builtIn("I exist as I am, that is enough.", by: "Walt Whitman"),  // Song of Myself
    // Poems, Second Series, 1891
    builtIn(
      "Hope is the thing with feathers that perches in the soul, and "
        + "sings the tune without the words, and never stops at all.",
      by: "Emily Dickinson"),
    // Poems, Second Series, 1891
    builtIn("I'm nobody! Who are you? Are you nobody, too?", by: "Emily Dickinson"),
    // Faust, Part One, 1808
    builtIn(
      "Grau, teurer Freund, ist alle Theorie, und grün des Lebens goldner Baum.",
      by: "Johann Wolfgang von Goethe"),
    // Faust, Part Two, 1832
    builtIn(
      "Wer immer strebend sich bemüht, den können wir erlösen.",
      by: "Johann Wolfgang von Goethe"),
    // Anna Karenina, tr. Constance Garnett
    builtIn(
      "Happy families are all alike; every unhappy family is unhappy in its own way.",
      by: "Leo Tolstoy"),
    // The Doctrine of the Sword, Young India, 1920
    builtIn(
      "Strength does not come from physical capacity. It comes from an indomitable will.",
      by: "Mahatma Gandhi"),
    // Young India, 1931
    builtIn(
      "The weak can never forgive. Forgiveness is the attribute of the strong.",
      by: "Mahatma Gandhi"),
    // Citizenship in a Republic, 1910
    builtIn(
      "It is not the critic who counts; not the man who points out how the strong "
        + "man stumbles, or where the doer of deeds could have done them better.",
      by: "Theodore Roosevelt"),
    // Nicomachean Ethics I.7, tr. Ross
    builtIn(
      "For one swallow does not make a summer, nor does one day; and so too "
        + "one day, or a short time, does not make a man blessed and happy.",
      by: "Aristotle"),
    builtIn("All men by nature desire to know.", by: "Aristotle"),  // Metaphysics I.1, tr. Ross
    builtIn("The unexamined life is not worth living.", by: "Socrates"),  // in Plato, Apology 38a
    // Fragments, tr. John Burnet
    builtIn(
      "You cannot step twice into the same rivers; for fresh waters are ever flowing in upon you.",
      by: "Heraclitus"),
    // The Prophet, 1923
    builtIn(
      "Your children are not your children. They are the "
        + "sons and daughters of Life's longing for itself.",
      by: "Kahlil Gibran"),
    builtIn("Work is love made visible.", by: "Kahlil Gibran"),  // The Prophet, 1923
    // Fruit-Gathering, 1916
    builtIn(
      "Let me not pray to be sheltered from dangers but to be fearless in facing them.",
      by: "Rabindranath Tagore"),
    // Stray Birds, 1916
    builtIn(
      "If you shed tears when you miss the sun, you also miss the stars.",
      by: "Rabindranath Tagore"),
    // Pensées, 1670
    builtIn("Le cœur a ses raisons que la raison ne connaît point.", by: "Blaise Pascal"),
    // Pensées 139, tr. Trotter
    builtIn(
      "I have discovered that all the unhappiness of men arises from one "
        + "single fact, that they cannot stay quietly in their own chamber.",
      by: "Blaise Pascal"),
    // Le Petit Prince, 1943
    builtIn(
      "On ne voit bien qu'avec le cœur. L'essentiel est invisible pour les yeux.",
      by: "Antoine de Saint-Exupéry"),
    // Maximes, 1665
    builtIn(
      "Nous avons tous assez de force pour supporter les maux d'autrui.",
      by: "François de La Rochefoucauld"),
    builtIn("Je pense, donc je suis.", by: "René Descartes"),  // Discours de la méthode, 1637
    // Götzen-Dämmerung, 1889
    builtIn("Was mich nicht umbringt, macht mich stärker.", by: "Friedrich Nietzsche"),
    // in Boswell, Life of Johnson, 1791
    builtIn(
      "When a man is tired of London, he is tired of life; "
        + "for there is in London all that life can afford.",
      by: "Samuel Johnson"),
    // Devotions upon Emergent Occasions, 1624
    builtIn(
      "No man is an island, entire of itself; every man is "
        + "a piece of the continent, a part of the main.",
      by: "John Donne"),
    // Endymion, 1818
    builtIn(
      "A thing of beauty is a joy for ever: its loveliness "
        + "increases; it will never pass into nothingness.",
      by: "John Keats"),
    // Auguries of Innocence
    builtIn(
      "To see a World in a Grain of Sand and a Heaven in a Wild Flower, "
        + "hold Infinity in the palm of your hand and Eternity in an hour.",
      by: "William Blake"),
    // El Dorado, in Virginibus Puerisque, 1881
    builtIn(
      "To travel hopefully is a better thing than to arrive, and the true success is to labour.",
      by: "Robert Louis Stevenson"),
    // Through the Looking-Glass, 1871
    builtIn(
      "Why, sometimes I've believed as many as six impossible things before breakfast.",
      by: "Lewis Carroll"),
    // Middlemarch, 1872
    builtIn(
      "What do we live for, if it is not to make life less difficult to each other?",
      by: "George Eliot"),
    // Jane Eyre, 1847
    builtIn(
      "I am no bird; and no net ensnares me: I am a free human being "
        + "with an independent will, which I now exert to leave you.",
      by: "Charlotte Brontë"),
    // A Dream Within a Dream, 1849
    builtIn("All that we see or seem is but a dream within a dream.", by: "Edgar Allan Poe"),
    // Histoire d'un crime, 1877
    builtIn(
      "On résiste à l'invasion des armées; on ne résiste pas à l'invasion des idées.",
      by: "Victor Hugo"),
    // West India Emancipation speech, 1857
    builtIn("If there is no struggle there is no progress.", by: "Frederick Douglass"),
    // The Imitation of Christ, I.19
    builtIn("Man proposes, but God disposes.", by: "Thomas à Kempis"),
    // The Social Contract, 1762, tr. G. D. H. Cole
    builtIn("Man is born free; and everywhere he is in chains.", by: "Jean-Jacques Rousseau"),
    // The Life of Reason, 1905
    builtIn(
      "Those who cannot remember the past are condemned to repeat it.",
      by: "George Santayana"),
    // In Memoriam A. H. H., 1850
    builtIn(
      "'Tis better to have loved and lost than never to have loved at all.",
      by: "Alfred, Lord Tennyson"),
    // What's Wrong with the World, 1910
    builtIn(
      "The Christian ideal has not been tried and found wanting. "
        + "It has been found difficult; and left untried.",
      by: "G. K. Chesterton"),
    // The American Crisis, 1776
    builtIn("These are the times that try men's souls.", by: "Thomas Paine"),
  ]

  private static func builtIn(_ text: String, by author: String) -> Quote {
    Quote(text: text, author: author, source: .builtIn)
  }
}
