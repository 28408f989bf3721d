/** English words of the chat assistant's widget and page. */
export const chat = {
  chatWidget: {
    title: "Chat with Us",
    open: "Chat with us",
    minimize: "Minimize chat",
    expand: "Expand chat",
    close: "Close chat",
  },
  chat: {
    welcome: "Welcome! How can we help you today?",
    failure: "Sorry, something went wrong. Please try again.",
    placeholder: "Type your message...",
    send: "Send message",
    log: "Chat messages",
    you: "You: ",
    assistant: "Assistant: ",
    typing: "The assistant is typing",
    region: "Chat",
    pageWelcome: "Welcome to our chat",
    pageHint: "Ask about our services, the towns we cover, our hours or towing rules.",
    notSaved: "This chat is not saved: the history is lost when you refresh or leave the page.",
    inputLabel: "Your message",
  },
  chatPage: {
    title: "Chat with Us",
    description:
      "Ask {name} about towing and roadside help in {business.city}, {business.region}. Our chat assistant answers day and night.",
    heading: "Chat with Us",
    danger: "In danger?",
    call911: "Call 911",
    firstThen: "first, then",
    needsJs: "The chat needs JavaScript, which is turned off in this browser.",
    callUsAt: "Call us at",
    or: "or",
    sendRequest: "send a service request",
    bothWork: ": both work without it.",
    about:
      "Ask about our services, the towns we cover or how to request help. The assistant answers from this website: our services, the towns we cover, our hours and the towing rules in our articles. It can't quote prices or arrival times; for those, and for anything urgent, call us.",
    dangerCases:
      "If anyone is hurt, a car is stopped in a live lane, a person or an animal is locked in a car, or there is fire or smoke, call 911 first.",
  },
} as const;
