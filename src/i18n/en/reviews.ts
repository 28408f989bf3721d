/**
 * English words of reviews: the "How did it go?" part of the driver's request page, the e-mail that
 * asks the same, and what the home page's carousel says about real reviews.
 */
export const reviews = {
  reviews: {
    heading: "How did it go?",
    intro: "Your request is done. Tell us how it went: we ask every driver, whatever happened.",
    starsLegend: "Your rating",
    /** Each radio's label, so a screen reader says more than a number. */
    stars: {
      "1": "1 star: very poor",
      "2": "2 stars: poor",
      "3": "3 stars: OK",
      "4": "4 stars: good",
      "5": "5 stars: very good",
    },
    commentLabel: "Anything you want to tell us (optional)",
    commentHint: "Up to {max} characters.",
    consentLabel: "You may show my first name, my town and this review on the website",
    consentHint:
      "Leave it unticked and only we read your review. If you change a review we show, the change goes on the website once we have read it.",
    submit: "Send my review",
    update: "Update my review",
    sending: "Sending…",
    saved: "Thank you: your review is saved.",
    editableUntil: "You can change it until {date}.",
    yourReview: "Your review",
    rated: "Rated {stars} out of 5",
    consentGiven: "You allowed us to show your first name, your town and this review on the website.",
    consentNotGiven: "Only we read it: you did not allow it on the website.",
    readOnly: "A review can be changed for {days} days after it is written; this one can no longer be changed.",
    starsRequired: "Choose from 1 to 5 stars.",
    commentTooLong: "Keep the comment to {max} characters.",
    unreadable: "The review could not be read.",
    notDone: "This request is not finished, so it cannot be reviewed yet. If you need help, {callUs}.",
    closed:
      "This review can no longer be changed: a review can be changed for {days} days. If you need help, {callUs}.",
    notSavedTitle: "Your review was not saved",
    failed: "Your review could not be sent. Check your connection and try again, or {callUs}.",
    /** The e-mail that asks (server/features/alerts/message.ts), sent once, about two hours after Done. */
    email: {
      subject: "How did it go? Your service request #{number}",
      heading: "How did it go?",
      done: "Your service request #{number} to {name} is done.",
      ask: "We ask every driver how it went, whatever happened. It takes a minute: 1 to 5 stars, and a comment if you like.",
      link: "Tell us how it went",
      private:
        "What you write stays with us, unless you tick the box that lets us show your first name, your town and your review on the website.",
      why: "Why you got this e-mail: a service request was sent with this e-mail address on the website of {name} ({url}), and it is now done. This is the last e-mail about it.",
    },
    /** The home page's carousel, once real reviews are published. */
    carousel: {
      /** The intro while real reviews and examples are shown side by side. */
      mixedIntro:
        "What drivers told us after we helped them, with their permission; the cards marked as examples are sample text, not reviews.",
      /** The label of a review, naming the language it was written in. */
      writtenIn: { en: "Written in English", es: "Written in Spanish" },
    },
  },
} as const;
