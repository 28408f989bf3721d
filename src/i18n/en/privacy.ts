/**
 * The privacy notice (/privacy), in English: what this site's code collects, why, who receives it, how
 * long each part is kept, how to ask for a copy or deletion, and the California rights that apply.
 * Written for the business to adopt; every statement describes what the server and pages actually do.
 * "{name}" marks a value filled in by `fill`. src/i18n/es/privacy.ts has the same shape.
 */
export const privacy = {
  title: "Privacy notice",
  description:
    "What {name} collects when you ask for help, why, who sees it, how long it is kept, and your California rights.",
  heading: "Privacy notice",
  lead: "What we collect when you ask us for help, why, who sees it and how long we keep it. Effective {date}.",
  footerLink: "Privacy",
  sections: [
    {
      title: "What we collect",
      items: [
        "Your service request: your name, phone, e-mail, the service, the pickup and drop-off places, the vehicle if you describe it, the note for the operator if you write one, the language of the page, and when it arrived.",
        "Your phone's location, only if you tap “Use my location” or a location link we text you: latitude, longitude, how precise it is and when the phone took it. From it our server works out the nearest town we serve; no outside company is asked. California law counts a precise location as sensitive personal information.",
        "The chat: what you type is sent to our server to find an answer. Our server does not store it, in its database or in its logs. The conversation stays in your browser tab until you close it. If we connect the chat to an outside assistant service, your message is sent to it to be answered.",
        "Our server's log: for each visit, the address of the page (without private links or search words), the time and your IP address. It never records what you type.",
        "The desk our staff sign in to: each sign-in attempt (the e-mail typed, whether it worked, the IP address).",
        "Your review, only if you write one once your request is done: the stars, your words, whether you let us show it, your first name, the nearest town we serve, the language and the partner who did the job. It appears on our website only if you tick the box that allows it, with your first name and town.",
        "Counts of what happens on our pages, which say nothing about you: a tap on our phone number (which page, where on the page, and the page's language), the request form started and sent, the chat opened, and “Use my location” used. Your browser sends each to our own server, which adds one to that day's count and keeps only the counts: no cookie, no identifier, no IP address, nothing you typed. So that one connection counts once a day, the server keeps a scrambled mark made from your IP address with a secret that changes every day, which cannot be turned back into the address without it; the marks and the secret are deleted within 26 hours. With JavaScript off, nothing is counted.",
      ],
    },
    {
      title: "Why we use it",
      items: [
        "To send help to the right place, call you back, and tell you how your request is going on its private page.",
        "To keep our service safe: to stop abuse (your IP address is counted for a few minutes to limit repeated requests) and to find faults.",
        "To see which pages and buttons help drivers reach us, from the daily counts.",
        "We do not sell your information, and we do not share it for advertising. The public pages set no cookies and run no advertising or tracking code and no outside analytics: the counts above are made by our own server and go to no one else.",
      ],
    },
    {
      title: "Who receives it",
      items: [
        "Our dispatchers (the owner and the staff who answer requests), through the desk: everything you send, your phone's position included.",
        "The partner towing or roadside operator who takes your job: the details needed to reach you and your vehicle, and your note for the operator, your phone's position included. Partners we offer the job to see the service, the nearest town and how far from it you are, not the position, until one of them accepts.",
        "The owner's alert e-mail and alert webhook (an address and a system of the owner's choosing): each new request is sent there as it arrives, your phone's position included, so someone can answer at any hour.",
        "The companies that carry our own messages: our e-mail provider, and the push service of our staff's phones (the notification is encrypted for the phone).",
        "The map in our footer loads from OpenStreetMap only when you press “Show map”, and OpenStreetMap then receives your IP address.",
      ],
    },
    {
      title: "How long we keep it",
      items: [
        "Your phone's location: erased {locationDays} days after your request is done, cancelled or closed, everywhere we keep it: your request, the desk, the partner's page and the job's offers (with the distance from the town). What stays with your request until it is deleted is the name of the town we serve nearest to you.",
        "Copies already sent by e-mail or webhook (to the owner's alert address, or to a partner offered the job) are outside this erasure: they stay in those mailboxes and systems, which we do not control once sent.",
        "Your service request and its history: deleted {requestDays} days after it arrived. Its private page stops working 30 days after the request ends.",
        "Chat messages: not kept by our server.",
        "Desk sign-in records: 90 days.",
        "Your review: kept, with your first name and town, after your service request reaches the end of its {requestDays} days, until you ask us to delete it. Deleting your request at your request deletes your review too. Unticking the box takes it off our website at once (on your request page for 7 days after you write it; after that, ask us).",
        "The daily counts of taps, forms, chats and locations used: kept as totals per day, which name no one.",
      ],
    },
    {
      title: "A copy, a correction or a deletion",
      items: [
        "Write to {email} or call {phone}. Tell us the phone number or e-mail you used so we can find your request. We answer every request and delete a request from our desk when asked, unless the law requires us to keep it.",
      ],
    },
    {
      title: "Your California rights",
      items: [
        "Where the California Consumer Privacy Act applies to us, you may ask to know what we collected about you, to get a copy, to correct it, and to delete it; you will not be treated differently for asking. We do not sell or share personal information, so there is nothing to opt out of, and we use your location only to send help.",
        "Do Not Track: we do not follow visitors across other websites, and no other company collects information about you across websites through ours, so a Do Not Track signal changes nothing here.",
        "When we change this notice, we post the new version here with its date.",
      ],
    },
  ],
};

export type PrivacyWords = typeof privacy;
